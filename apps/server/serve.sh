#!/bin/sh
# Runs Node with the reference server's memory settings: `sh serve.sh [node flags] <entry>` (npm start, npm run dev,
# the e2e web server and the benches all start the server through here). `exec`: one process, one PID.
# Each setting was measured with `npm run bench:server`; the reasons and numbers are in the header of src/main.ts:
# - glibc keeps its mmap and trim thresholds at 128 KB instead of raising them after the first large free (read at
#   process start; other C libraries ignore them);
# - the young generation's semi-spaces stay at 4 MB and the heap limit at 512 MB.
export MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
exec node --max-semi-space-size=4 --max-old-space-size=512 "$@"
