#!/usr/bin/env node
// Writes src/routeTree.gen.ts of the app in the current folder from its route files,
// the same way the Vite plugin does, so typecheck never depends on a stale generated file.
import { Generator, getConfig } from "@tanstack/router-generator";

const root = process.cwd();
const config = getConfig({ target: "react", autoCodeSplitting: true }, root);
await new Generator({ config, root }).run();
