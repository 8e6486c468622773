// GET /api/admin/orders.csv and /api/admin/contacts.csv: the same filters as the lists (q, status),
// streamed as the rows are read (exports.service.ts).
import { Readable } from "node:stream";
import { adminListQuery } from "@ch/contracts/admin";
import { csvText } from "@ch/contracts/responses";
import { route, sent } from "../../http/route";
import { contactsCsv, ordersCsv } from "./exports.service";

// One batch's text ahead of the socket at most: the next batch is read only when the reply has taken
// the previous one (Readable.from's default keeps 16 chunks, i.e. 16 000 rows, read ahead)
const csvStream = (chunks: AsyncIterable<string>) => Readable.from(chunks, { objectMode: false, highWaterMark: 1 });

const stamp = (d: Date) => d.toISOString().slice(0, 10);

/** GET /api/admin/<list>.csv: the list's rows under the lists' filters, as a dated attachment. */
function csvExportRoute(spec: {
  list: "orders" | "contacts";
  summary: string;
  operationId: string;
  rows: typeof ordersCsv;
}) {
  return route({
    method: "GET",
    url: `/api/admin/${spec.list}.csv`,
    access: "admin",
    summary: spec.summary,
    operationId: spec.operationId,
    response: csvText,
    produces: "text/csv",
    tags: ["admin"],
    query: adminListQuery,
    answer: "text/csv attachment",
    handler: async ({ deps, query, reply }) => {
      const csv = csvStream(spec.rows(deps.db, query));
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${spec.list}-${stamp(deps.clock.now())}.csv"`);
      return sent<string>(csv);
    },
  });
}

export const exportRoutes = [
  csvExportRoute({
    list: "orders",
    summary: "Orders as CSV (UTF-8); q and status filter like GET /api/admin/orders",
    operationId: "exportOrdersCsv",
    rows: ordersCsv,
  }),
  csvExportRoute({
    list: "contacts",
    summary: "Leads (every source) as CSV (UTF-8); q and status filter like GET /api/admin/contacts",
    operationId: "exportContactsCsv",
    rows: contactsCsv,
  }),
];
