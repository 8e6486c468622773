# syntax=docker/dockerfile:1
# The API and both apps in one image (compose.yaml runs it as web and worker processes).
# The API bundle keeps its modules' source paths (api/scripts/build.mjs: migrations, seed images and the
# apps' dist folders are found beside the sources), so the runtime stage keeps the repository's layout
# under /app and runs the bundle in place, as `npm run start -w api` does.

# the workspaces' manifests, from which both stages install
FROM node:20-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY api/package.json api/
COPY storefront/package.json storefront/
COPY backoffice/package.json backoffice/
COPY sdk/package.json sdk/
COPY examples/integration/package.json examples/integration/

FROM manifests AS build
ENV TURBO_TELEMETRY_DISABLED=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx turbo run build --filter=./storefront --filter=./backoffice && npm run build -w api

FROM manifests AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    MALLOC_MMAP_THRESHOLD_=131072
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/contracts/src contracts/src
COPY --from=build /app/db/src db/src
COPY --from=build /app/db/migrations db/migrations
COPY --from=build /app/db/seed db/seed
COPY --from=build /app/api/src api/src
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/storefront/dist storefront/dist
COPY --from=build /app/storefront/dist-server storefront/dist-server
COPY --from=build /app/backoffice/dist backoffice/dist
USER node
WORKDIR /app/api
EXPOSE 3000 3001
# liveness only (/readyz also asks the database); a worker answers it on PORT as well
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# the node flags of api's start script (docs/decisions/0007-api-memory.md)
CMD ["node", "--max-semi-space-size=1", "--heap-growing-percent=15", "dist/server.mjs"]
