#!/bin/sh
# A ptxas for triton-compile-worker-loss.test: for the PTX of a kernel named
# $KILL_ENTRY it kills the process that ran it (a triton-compile worker), as
# a crash of that worker would end it; any other PTX goes to $REAL_PTXAS.
for arg; do
  if [ -f "$arg" ] && grep -q "\.entry $KILL_ENTRY(" "$arg"; then
    kill -9 "$PPID"
    exit 1
  fi
done
exec "$REAL_PTXAS" "$@"
