# Paydesk's container image (README: Running in a container).
#   docker build -t paydesk .                      (podman build --format docker -t paydesk .)
# compiles Paydesk from source (`npm install`, `npm run build`) and makes the last stage, `runtime`:
# Node and the finished bundle only. With `--target prebuilt`, the same image takes the bundle of
# a `npm run build` already done in this directory (.next/standalone) instead, building nothing:
# the tests build that one. Both run as a user without a name (10001) and write nowhere but
# /var/lib/paydesk (PGlite's data, when DATABASE_URL is empty) and /tmp: run them with a read-only
# root file system (`--read-only --tmpfs /tmp`, compose.yaml's `read_only: true`).

# Node 20.9 or later, on glibc (@node-rs/argon2's and PGlite's binaries). The slim image has
# neither curl nor wget: the health check uses node.
ARG NODE_IMAGE=docker.io/library/node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: it honours the committed lockfile, which lacks other platforms' optional
# packages (the registry it was made against has none), and `npm ci` refuses such a lockfile.
RUN npm install --no-audit --no-fund
COPY . .
# The commit the System page names (git is not in the image; .git is not in the context).
ARG PAYDESK_COMMIT=unknown
RUN PAYDESK_COMMIT="${PAYDESK_COMMIT}" npm run build

# What both images are but for the bundle. It runs nothing (no RUN): any image with Node serves
# as its base.
FROM ${NODE_IMAGE} AS runtime-base
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    PAYDESK_DATA_DIR=/var/lib/paydesk/data
# The data volume's mount point, the server's user's (a new named volume takes its owner).
COPY --chown=10001:10001 deploy/container/data-volume/ /var/lib/paydesk/
WORKDIR /app
USER 10001:10001
VOLUME ["/var/lib/paydesk"]
EXPOSE 3000
# 200 when Paydesk can serve (database reachable, schema current); 503 otherwise (README: Health).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/start.cjs"]

# The bundle as root's files, which the server's user reads and cannot change.
FROM runtime-base AS prebuilt
COPY --chown=0:0 .next/standalone /app

FROM runtime-base AS runtime
COPY --from=build --chown=0:0 /src/.next/standalone /app
