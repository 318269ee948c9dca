"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Alert } from "@/components/ui/Alert";
import type { ViewState } from "@/lib/filters/useView";
import type { EventsPage, ReadEvent } from "@/lib/queries/readEvents";
import type { RequestError } from "@/lib/queries/requestError";
import { formatNumber } from "@/lib/format/number";
import { lastReachablePage } from "@/lib/contract/query";
import { Button } from "@/components/ui/Button";
import { useFigures } from "@/lib/queries/useFigures";
import { EmptyState } from "./EmptyState";
import { EventsError, RateLimitBanner } from "./EventsError";
import { KIND_LABELS } from "@/lib/filters/dimensions";
import { EventsTable } from "./EventsTable";
import { DepthNote, Pagination } from "./Pagination";
import type { CellContext } from "./renderCell";
import { TableSkeleton } from "./TableSkeleton";
import type { TableColumn } from "./tableColumns";

const KIND_METRIC = { clicks: "clicks", leads: "leads", sales: "sales" } as const;

interface Props {
  view: ViewState;
  result: UseQueryResult<EventsPage, RequestError>;
  columns: readonly TableColumn[];
  visibleIds: readonly string[];
  cell: Omit<CellContext, "tabbable" | "answeredAt">;
  onOpen: (event: ReadEvent) => void;
}

/** Whichever of skeleton, error, empty state or table the current answer calls for, with paging. */
export function EventsBody({ view, result, columns, visibleIds, cell, onOpen }: Props) {
  const query = view.table;
  // The table's count is the KPI row's for its kind (the same reply): composite totals apply each filter where the kind has it, as the table does.
  const totals = useFigures(view.query);
  const total = totals.data && !totals.isPlaceholderData ? totals.data[KIND_METRIC[query.event]] : null;
  const label = KIND_LABELS[query.event];
  const rateLimited = result.isFetching && result.failureReason?.status === 429 ? result.failureReason : null;
  const banner = rateLimited && <RateLimitBanner key={result.failureCount} error={rateLimited} />;

  const last = lastReachablePage(query.limit);
  if (query.page > last) return <TooDeep page={query.page} last={last} view={view} />;
  if (result.isError) {
    return (
      <EventsError
        key={result.errorUpdatedAt}
        error={result.error}
        onRetry={() => void result.refetch()}
        retrying={result.isFetching}
      />
    );
  }
  if (!result.data) {
    return (
      <>
        {banner}
        <TableSkeleton label={`Loading ${label.toLowerCase()}…`} />
      </>
    );
  }

  const page = result.data;
  const stale = result.isPlaceholderData;
  const pager = (
    <Pagination
      page={query.page}
      limit={query.limit}
      rows={stale ? 0 : page.received}
      total={total}
      hasNext={!stale && page.received >= query.limit}
      sortOrder={query.sortOrder}
      onPage={(p) => void view.setPage(p)}
      onLimit={(l) => void view.setLimit(l)}
      onSortOrder={(order) => void view.setSortOrder(order)}
    />
  );

  if (page.received === 0 && !stale) {
    return (
      <>
        <EmptyState
          query={query}
          kindLabel={label}
          answeredAt={result.dataUpdatedAt}
          hasFilters={Object.keys(query.filters).length > 0}
          onWiden={(interval) => void view.setRange({ interval })}
          onClearFilters={() => void view.clearFilters()}
        />
        {query.page > 1 && pager}
      </>
    );
  }

  return (
    <>
      {banner}
      {page.unreadable > 0 && (
        <Alert
          tone="warning"
          title={`${formatNumber(page.unreadable)} of ${formatNumber(page.received)} events could not be read`}
        >
          The platform sent events in a shape the dashboard does not recognize; they are left out of this page.
        </Alert>
      )}
      <EventsTable
        caption={`${label}, page ${query.page}, ${query.sortOrder === "desc" ? "newest" : "oldest"} first`}
        events={page.events}
        columns={columns}
        visibleIds={visibleIds}
        sortOrder={query.sortOrder}
        onToggleSort={() => void view.setSortOrder(query.sortOrder === "desc" ? "asc" : "desc")}
        cell={{ ...cell, answeredAt: result.dataUpdatedAt }}
        onOpen={onOpen}
        stale={stale}
      />
      {pager}
    </>
  );
}

/** A page past the platform's depth (an old link, or a larger page size): said plainly, with the ways to the events it meant. */
function TooDeep({ page, last, view }: { page: number; last: number; view: ViewState }) {
  const query = view.table;
  return (
    <Alert
      tone="warning"
      title={`Page ${formatNumber(page)} is beyond the last page the platform serves`}
      actions={
        <Button size="sm" onClick={() => void view.setPage(last)}>
          {`Go to page ${formatNumber(last)}`}
        </Button>
      }
    >
      <DepthNote
        limit={query.limit}
        last={last}
        sortOrder={query.sortOrder}
        onSortOrder={(order) => void view.setSortOrder(order)}
      />
    </Alert>
  );
}
