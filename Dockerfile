# Paydesk's container image (README: Running in a container). Two stages make the bundle, one runs it:
#   podman build --format docker -t paydesk .        (or docker build -t paydesk .)
# compiles Paydesk from source here (`npm ci`, `npm run build`): the `build` stage. With
#   --build-arg BUNDLE_FROM=prebuilt
# it takes the finished bundle of a `npm run build` already done in this directory
# (.next/standalone) instead: the `prebuilt` stage, which runs nothing (the tests use it).
# The runtime stage holds Node and the bundle only, runs as a user without a name (10001), and
# writes nowhere but /var/lib/paydesk (PGlite's data, when DATABASE_URL is empty) and /tmp: run it
# with a read-only root file system (`--read-only --tmpfs /tmp`, compose.yaml's `read_only: true`).

# Node 20.9 or later, on glibc (@node-rs/argon2's and PGlite's binaries). The slim image has
# neither a shell's curl nor wget: the health check uses node.
ARG NODE_IMAGE=docker.io/library/node:22-bookworm-slim
ARG BUNDLE_FROM=build

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The commit the System page names (git is not in the image; .git is not in the context).
ARG PAYDESK_COMMIT=unknown
RUN PAYDESK_COMMIT="${PAYDESK_COMMIT}" npm run build

FROM scratch AS prebuilt
COPY .next/standalone /src/.next/standalone

FROM ${BUNDLE_FROM} AS bundle

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    PAYDESK_DATA_DIR=/var/lib/paydesk/data
# Root's files, which the server's user reads and cannot change.
COPY --from=bundle --chown=0:0 /src/.next/standalone /app
# The data volume's mount point, the server's user's (made by COPY: the runtime stage runs nothing,
# so any image with Node serves as its base).
COPY --chown=10001:10001 deploy/container/data-volume/ /var/lib/paydesk/
WORKDIR /app
USER 10001:10001
VOLUME ["/var/lib/paydesk"]
EXPOSE 3000
# 200 when Paydesk can serve (database reachable, schema current); 503 otherwise (lib/readiness).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/start.cjs"]
