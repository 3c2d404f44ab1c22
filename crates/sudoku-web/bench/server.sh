# Sourced by soak.sh and burst.sh: builds what is missing, starts `sudoku serve`
# on a free loopback port with a fresh database in a temporary directory
# (extra `serve` options in $SERVE_ARGS), and stops it on exit.
# Sets: root, tmp, pid, url, load (the load driver).
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
bin="${SUDOKU_BIN:-$target/release/sudoku}"
(cd "$root" && cargo build --release --quiet -p sudoku-cli && cargo build --release --quiet -p sudoku-web --example load)
load="$target/release/examples/load"
tmp="$(mktemp -d)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# shellcheck disable=SC2086
"$bin" serve --addr "127.0.0.1:$port" --db "$tmp/db.sqlite" ${SERVE_ARGS:-} 2>"$tmp/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$tmp"' EXIT
url="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -sf "$url/" >/dev/null && break; sleep 0.1; done
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$pid/status"; }
