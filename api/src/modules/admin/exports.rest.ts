// GET /api/admin/orders.csv and /api/admin/contacts.csv: the same filters as the lists (q, status),
// streamed as the rows are read (exports.service.ts).
import { Readable } from "node:stream";
import { adminListQuery } from "../../contracts/admin";
import { csvText } from "../../contracts/responses";
import { route, sent } from "../../http/route";
import { contactsCsv, ordersCsv } from "./exports.service";

// One batch's text ahead of the socket at most: the next batch is read only when the reply has taken
// the previous one (Readable.from's default keeps 16 chunks, i.e. 16 000 rows, read ahead)
const csvStream = (chunks: AsyncIterable<string>) => Readable.from(chunks, { objectMode: false, highWaterMark: 1 });

const stamp = (d: Date) => d.toISOString().slice(0, 10);

export const exportRoutes = [
  route({
    method: "GET",
    url: "/api/admin/orders.csv",
    access: "admin",
    summary: "Orders as CSV (UTF-8); q and status filter like GET /api/admin/orders",
    operationId: "exportOrdersCsv",
    response: csvText,
    produces: "text/csv",
    tags: ["admin"],
    query: adminListQuery,
    answer: "text/csv attachment",
    handler: async ({ deps, query, reply }) => {
      const csv = csvStream(ordersCsv(deps.db, query));
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="orders-${stamp(deps.clock.now())}.csv"`);
      return sent<string>(csv);
    },
  }),
  route({
    method: "GET",
    url: "/api/admin/contacts.csv",
    access: "admin",
    summary: "Leads (every source) as CSV (UTF-8); q and status filter like GET /api/admin/contacts",
    operationId: "exportContactsCsv",
    response: csvText,
    produces: "text/csv",
    tags: ["admin"],
    query: adminListQuery,
    answer: "text/csv attachment",
    handler: async ({ deps, query, reply }) => {
      const csv = csvStream(contactsCsv(deps.db, query));
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="contacts-${stamp(deps.clock.now())}.csv"`);
      return sent<string>(csv);
    },
  }),
];
