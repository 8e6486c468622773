import { createFileRoute } from "@tanstack/react-router";
import { PipelineScreen } from "../../../features/pipeline/pipeline-screen";

export const Route = createFileRoute("/admin/_auth/pipeline")({
  component: PipelineScreen,
});
