#!/bin/bash
# `scripts/bench/cpu-per-request.sh PORT [REQUESTS] PATH…`: CPU time per request of a `wrangler dev`
# server already running on PORT (for example `node tests/e2e/server.mjs PORT`), from the kernel's
# accounting (/proc, Linux), so that other work on the machine changes the figures far less than
# it changes request rates. Per path, after 40 warm-up requests, REQUESTS requests (default 300,
# 8 connections): the milliseconds of CPU the Worker's runtime process spent per request
# ("worker", the isolate the pages run in), the local proxy's runtime process ("proxy") and the
# whole server with wrangler's own process ("all"). A page's "worker" figure against
# /api/health's is what the isolate can serve of one against the other. AUTOCANNON_ARGS adds
# autocannon options (for example `-H accept-encoding=gzip`).
set -euo pipefail
PORT=$1
REQUESTS=${2:-300}
shift 2
proxy=$(ps -eo pid,args | grep "workerd serve" | grep "entry=127.0.0.1:$PORT " | awk '{print $1}' | head -1)
parent=$(ps -o ppid= -p "$proxy" | tr -d ' ')
worker=""
for child in $(pgrep -P "$parent"); do ps -o args= -p "$child" | grep -q "entry=127.0.0.1:0 " && worker=$child; done
everything="$parent $(pgrep -P "$parent" | tr '\n' ' ')"
ticks() { local sum=0 value; for pid in "$@"; do value=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0); sum=$((sum + value)); done; echo "$sum"; }
hz=$(getconf CLK_TCK)
for path in "$@"; do
  npx autocannon -c 8 -a 40 ${AUTOCANNON_ARGS:-} "http://localhost:$PORT$path" >/dev/null 2>&1
  w0=$(ticks "$worker"); p0=$(ticks "$proxy"); a0=$(ticks $everything)
  npx autocannon -c 8 -a "$REQUESTS" ${AUTOCANNON_ARGS:-} "http://localhost:$PORT$path" >/dev/null 2>&1
  w1=$(ticks "$worker"); p1=$(ticks "$proxy"); a1=$(ticks $everything)
  node -e "const ms = (a, b) => (((b - a) / $hz) * 1000 / $REQUESTS).toFixed(2); console.log(process.argv[1].padEnd(48), 'worker', ms($w0, $w1), ' proxy', ms($p0, $p1), ' all', ms($a0, $a1))" "$path"
done
