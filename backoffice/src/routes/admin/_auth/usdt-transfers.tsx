import { createFileRoute } from "@tanstack/react-router";
import { UnmatchedTransfersScreen } from "../../../features/payments/unmatched-transfers-screen";

export const Route = createFileRoute("/admin/_auth/usdt-transfers")({
  head: () => ({ meta: [{ title: "Unmatched Transfers · Admin" }] }),
  component: UnmatchedTransfersScreen,
});
