// The operations of the unmatched USDT transfers queue (back office; sales and owner, or an API key with
// orders:read / orders:write): the transfers seen at the shop's wallet that no open invoice's exact amount
// names, and staff attaching one to an invoice with a reason (usdt-transfers.ts). `usdtTransferOperations`
// are also adminPaymentsRouter's procedures payments.<name> (payments.router.ts); the list is REST only.
import {
  attachUsdtTransferAnswer,
  attachUsdtTransferInput,
  usdtTransferHash,
  usdtTransferListQuery,
  usdtTransferPage,
  usdtTransferParams,
} from "@ch/contracts/payments";
import { adminPageRoute } from "../../http/admin-page";
import { route } from "../../http/route";
import { parseInput } from "../../lib/validate";
import { attachUsdtTransfer, listUsdtTransfersPage, transferCursor } from "./usdt-transfers";

const tags = ["admin", "payments"];

/** REST only: it pages by `next` URL; the back office's payments.usdtTransfers pages by `nextCursor`. */
const listUsdtTransfersRoute = adminPageRoute({
  url: "/api/admin/usdt-transfers",
  operationId: "listUsdtTransfers",
  summary:
    "USDT transfers seen at the shop's wallet: by default the unmatched ones (no open invoice asks for their exact amount), newest block first",
  tags,
  query: usdtTransferListQuery,
  response: usdtTransferPage,
  answer:
    "{ items: transfers (with the order that claimed each and the open invoices it may belong to), next: URL of the next page or null }; `status` unmatched (default), credited, attached or all; 400 naming `cursor` for a cursor this list did not give",
  cursor: transferCursor,
  load: (deps, query, page) => listUsdtTransfersPage(deps.db, query, page),
});

export const usdtTransferOperations = {
  attachUsdtTransfer: route({
    method: "POST",
    url: "/api/admin/usdt-transfers/:txHash/attach",
    access: "admin",
    operationId: "attachUsdtTransfer",
    summary: "Attach an unmatched USDT transfer to an invoice, with a reason (recorded on the ledger, audited)",
    tags,
    params: usdtTransferParams,
    body: attachUsdtTransferInput,
    response: attachUsdtTransferAnswer,
    successStatus: 201,
    errors: [404, 409],
    answer:
      "201 { transfer (now attached), payment (the ledger entry: its amount in whole cents, flagged partial or excess against what the invoice still asks, late after its validity) }; 400 naming invoiceId for an unknown invoice; 404 for a transfer never seen; 409 for one already credited or attached",
    handler: ({ deps, params, body, admin }) =>
      attachUsdtTransfer(deps, admin!, parseInput(usdtTransferHash, params, "path parameter").txHash, body),
  }),
};

/** The documented paths, in order. */
export const adminUsdtTransferRoutes = [listUsdtTransfersRoute, usdtTransferOperations.attachUsdtTransfer];
