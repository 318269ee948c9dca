import { redirect } from "next/navigation";
import { connection } from "next/server";
import { toSearch } from "@/lib/scope/searchParams";
import { homeTarget } from "@/lib/server/pageAccess";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `/` opens the last (else the first) workspace, keeping the query; without one, the workspace's default view. */
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  redirect(await homeTarget(toSearch(await searchParams)));
}
