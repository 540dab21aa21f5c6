#!/usr/bin/env bash
# Times `helios contract check` on adversarial inputs of up to 1 MiB (docs/contracts.md, "Cost"): each file is
# made here, checked alone, and reported with its wall time, CPU time (user + system, which load on a shared machine
# does not inflate) and peak memory (GNU time), the whole command included (.NET's start, about 1 s of it). The
# front end must take under 5 s and 500 MB on each, on the 2-core benchmark machine.
# Usage: bench/contracts/adversarial.sh [directory for the inputs, default a temporary one]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:-$(mktemp -d)}"
mkdir -p "$dir"
limit=1048576

# Writes $1: $2, then unit i (made by the awk statement $3, into u) for i = 0, 1, ... while the file stays within
# 1 MiB, then $4.
fill() {
    awk -v head="$2" -v tail="$4" -v limit="$limit" "BEGIN { printf \"%s\", head; n = length(head) + length(tail);
        for (i = 0; ; i++) { $3; if (n + length(u) > limit) break; printf \"%s\", u; n += length(u) } printf \"%s\", tail }" > "$1"
}

fill "$dir/long-path.contract"      'contract A { in message M(); state Start: ' 'u = "M? -> "' 'Start; }'
fill "$dir/extension-cycle.contract" ''  'u = "contract C" i " : C" (i + 1) " { }\n"' 'contract Last : C0 { }'
fill "$dir/extension-chain.contract" 'contract C0 { in message M(); state S: M? -> S; }' 'u = "\ncontract C" (i + 1) " : C" i " { }"' ''
fill "$dir/many-states.contract"    'contract A { in message M(); state S0: M? -> S0;' 'u = " state S" (i + 1) ": M? -> S" i ";"' ' }'
fill "$dir/many-messages.contract"  'contract A {' 'u = " in message M" i "(int x);"' ' state S: M0? -> S; }'
fill "$dir/wide-choice.contract"    'contract A { state S: one {' 'u = " M" i "? -> S;"' ' } }'
fill "$dir/wide-group.contract"     'contract A { in message M(); out message R(); state S: M? -> (R!' 'u = " or R! -> R!"' ') -> S; }'
fill "$dir/unknown-states.contract" 'contract A { in message M(); state Start: M? -> Start;' 'u = " state S" i ": M? -> start;"' ' }'
fill "$dir/struct-chain.contract"   'struct S0 { int x; }' 'u = "\nstruct S" (i + 1) " { S" i " inner; }"' ''
fill "$dir/error-flood.contract"    '' 'u = "contract ; "' ''
fill "$dir/long-name.contract"      'contract ' 'u = "N"' ' { }'
fill "$dir/deep-choice.contract"    'contract A { in message M(); state S: ' 'u = "one { M? -> "' ''

cli="$root/helios"
"$cli" contract check "$dir/long-name.contract" >/dev/null 2>&1 || true   # builds the command first if needed
printf '%-28s %9s %8s %8s %8s %s\n' input bytes wall-s cpu-s MB "exit, diagnostics"
for f in "$dir"/*.contract; do
    out="$(mktemp)"
    set +e
    /usr/bin/time -f '%e %U %S %M' -o "$out.time" "$cli" contract check "$f" > "$out" 2>&1
    status=$?
    set -e
    # GNU time writes "Command exited with non-zero status N" first when the check fails.
    read -r seconds user system kb < <(tail -n 1 "$out.time")
    printf '%-28s %9d %8s %8s %8d %s\n' "$(basename "$f")" "$(stat -c %s "$f")" "$seconds" "$(echo "$user + $system" | bc)" $((kb / 1024)) "$status, $(wc -l < "$out") lines, $(wc -c < "$out") bytes"
    rm -f "$out" "$out.time"
done
