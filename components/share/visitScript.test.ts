import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { CSRF_HEADER } from "@/lib/security/csrf";
import { visitScript } from "./visitScript";

interface Sent {
  url: string;
  init: { method: string; credentials: string; headers: Record<string, string> };
}

/** Runs the script as a page would, with this `document.cookie`, recording what it fetches. */
function run(script: string, cookie: string): Sent[] {
  const sent: Sent[] = [];
  runInNewContext(script, {
    document: { cookie },
    fetch: (url: string, init: Sent["init"]) => {
      sent.push({ url, init });
      return Promise.resolve();
    },
  });
  return sent;
}

describe("the share link's open, recorded by its HTML (visitScript)", () => {
  it("posts the visit of this link once, with the CSRF token of the page's cookie", () => {
    const sent = run(visitScript("tok_Abc-123"), "theme=dark; linklens_csrf=0a1b2c; other=1");
    expect(sent).toEqual([
      {
        url: "/api/s/tok_Abc-123/visit",
        init: {
          method: "POST",
          credentials: "same-origin",
          headers: { Accept: "application/json", [CSRF_HEADER]: "0a1b2c" },
        },
      },
    ]);
  });

  it("without the cookie it still asks (the API refuses it, as it would the page's request)", () => {
    expect(run(visitScript("t"), "")[0].init.headers[CSRF_HEADER]).toBe("");
  });

  it("cannot close its script element, whatever the token", () => {
    const script = visitScript("</script><script>alert(1)</script>");
    expect(script).not.toContain("<");
    expect(run(script, "")[0].url).toBe(`/api/s/${encodeURIComponent("</script><script>alert(1)</script>")}/visit`);
  });
});
