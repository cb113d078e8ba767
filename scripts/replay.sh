#!/usr/bin/env bash
# Replays a repository's history through the check, to find defects the tests never met:
#   scripts/replay.sh GIT_DIR_OR_URL NAME [LIMIT]
# For each of the last LIMIT (default 60) non-merge commits that touch YAML, runs
# `check --base C^ --head C --offline` with the bundled helm, keeps each JSON report in
# ${TMPDIR:-/tmp}/crg-replay/NAME, prints crashes (exit 2) as they come, and ends with a line of
# counts and the not-checked entries grouped by reason and message.
set -uo pipefail
src=$1 name=$2 limit=${3:-60}
here=$(cd "$(dirname "$0")/.." && pwd)
helm="$here/node_modules/.cache/config-rollout-guard/helm-v3.17.3/helm"
out="${TMPDIR:-/tmp}/crg-replay/$name"
rm -rf "$out" && mkdir -p "$out"
git clone -q --no-checkout "$src" "$out/repo" || exit 1
cd "$out/repo" || exit 1
n=0 crashes=0
for c in $(git log --no-merges --format=%H -- '*.yaml' '*.yml' | head -"$limit"); do
  git rev-parse -q --verify "$c^" >/dev/null || continue
  n=$((n + 1))
  node "$here/dist/cli.js" check --base "$c^" --head "$c" --format json --offline \
    --cache-dir "$out/cache" --helm "$helm" >"$out/$c.json" 2>"$out/$c.err"
  if [ $? -eq 2 ]; then
    crashes=$((crashes + 1))
    echo "crash at $c: $(head -c 300 "$out/$c.err")"
  fi
done
echo "$name: $n commits, $crashes crashes"
node -e '
  const { readdirSync, readFileSync } = require("fs");
  const dir = process.argv[1];
  const counts = new Map();
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    let report;
    try { report = JSON.parse(readFileSync(`${dir}/${f}`, "utf8")); } catch { continue; }
    for (const n of report.notChecked) {
      const key = `${n.reason}: ${n.message.replace(/[0-9a-f]{7,40}/g, "…").slice(0, 160)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${count}\t${key}`);
' "$out"
