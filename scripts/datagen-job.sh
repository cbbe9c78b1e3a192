#!/usr/bin/env bash
# Starts, or resumes, the background data job for the network (issue 32,
# docs/nnue.md §1 "The background job"): self-play games at `nice -n 19`,
# a few positions a game, deduplicated, labelled by deeper searches,
# appended to DIR/job-s$SEED.bin. Stop it with Ctrl-C or `kill PID` (TERM):
# the finished games stay written and counted, and the next start resumes
# after them. When it stops it prints the positions per hour of this run.
#
#   scripts/datagen-job.sh [DIR]          # DIR defaults to /work/data
#   nohup setsid scripts/datagen-job.sh /work/data > /work/data/job.log 2>&1 &
#
# setsid matters on kernels with autogroup scheduling
# (/proc/sys/kernel/sched_autogroup_enabled = 1): there the CPU is shared
# between sessions first and `nice` only ranks processes inside one, so a
# nice-19 job in its own session takes as much as a match in another.
# Started as its own session leader, the job lowers its session's
# autogroup to nice 19 as well, which makes it yield to everything.
#
# Settings (environment): SEED 1, WORKERS 2, NODES 5000 (per move),
# LABEL_NODES 20000, PER_GAME 6. A job is resumed only with the settings it
# was started with (the progress file records them), and with the binary
# it was started with: DIR/azar is built once, from the commit it names in
# DIR/azar.commit, and reused; delete it to start a new job with a newer
# engine (and a new SEED or file).
set -euo pipefail
dir=${1:-/work/data}
seed=${SEED:-1}
workers=${WORKERS:-2}
nodes=${NODES:-5000}
label=${LABEL_NODES:-20000}
per=${PER_GAME:-6}
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
if [ ! -x "$dir/azar" ]; then
	(cd "$repo" && go build -o "$dir/azar" ./cmd/azar)
	git -C "$repo" rev-parse HEAD > "$dir/azar.commit"
fi
out="$dir/job-s$seed.bin"
positions() { # the positions line of the progress file, 0 if none
	if [ -f "$out.progress" ]; then awk '$1 == "positions" { print $2 }' "$out.progress"; else echo 0; fi
}
before=$(positions)
start=$(date +%s)
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
	echo 19 > /proc/self/autogroup || true
elif [ "$(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null)" = 1 ]; then
	echo "datagen-job: autogroup scheduling is on and this is not its own session: nice 19 yields only within the session (start it with setsid)" >&2
fi
echo "datagen-job: $(date -u +%FT%TZ) $out from $before positions, binary of $(cat "$dir/azar.commit"), load $(cut -d' ' -f1-3 /proc/loadavg)"
nice -n 19 "$dir/azar" datagen -format bin -resume -out "$out" -games 1000000000 -seed "$seed" \
	-workers "$workers" -nodes "$nodes" -label-nodes "$label" -per-game "$per" &
pid=$!
trap 'kill -TERM $pid 2>/dev/null || true' INT TERM
# wait returns early when a trapped signal arrives: wait again for the
# job to write its last game and exit.
status=0
while kill -0 "$pid" 2>/dev/null; do
	wait "$pid" || status=$?
done
after=$(positions)
secs=$(( $(date +%s) - start ))
awk -v n=$((after - before)) -v s="$secs" -v total="$after" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
	printf "datagen-job: %d positions in %d s: %.0f positions/hour; the file holds %d; load %s\n", n, s, (s > 0 ? n * 3600 / s : 0), total, load
}'
exit "$status"
