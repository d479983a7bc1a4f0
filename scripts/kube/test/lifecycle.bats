#!/usr/bin/env bats
# Errors before anything starts, and teardown when `up` is interrupted.
# Needs root and a free machine; run through `npm run test:kube`.

# Each @test runs in a subshell; run sets output there on purpose.
# shellcheck disable=SC2030,SC2031
bats_require_minimum_version 1.5.0

setup() { load common; }

teardown() {
  [[ -n ${LISTENER_PID:-} ]] && kill "$LISTENER_PID" 2>/dev/null
  ip link delete "$KUBE_BRIDGE" 2>/dev/null || true
  remove_foreign_rules
  # A failed test must not leave a cluster for the next one.
  bash "$KUBE" check-clean >/dev/null 2>&1 || bash "$KUBE" down >/dev/null 2>&1 || true
}

@test "not root: refused with the fix" {
  run setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp bash "$KUBE" up
  [ "$status" -eq 1 ]
  [[ $output == *"needs root"* && $output == *"fix: run as root"* ]]
}

@test "ipvs mode: refused before anything starts" {
  KUBE_PROXY_MODE=ipvs run bash "$KUBE" up
  [ "$status" -eq 1 ]
  [[ $output == *"no IPVS"* ]]
  bash "$KUBE" check-clean
}

@test "a port in use: named with its component, nothing started" {
  python3 -c 'import socket, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 10259)); s.listen(); time.sleep(60)' &
  LISTENER_PID=$!
  # shellcheck disable=SC2016 # expanded by the inner bash
  wait_until 10 bash -c '[[ -n $(ss -Hltn "sport = :10259") ]]'
  run bash "$KUBE" up
  [ "$status" -eq 1 ]
  [[ $output == *"port in use: 10259 (kube-scheduler)"* ]]
  bash "$KUBE" check-clean
}

@test "a missing tool: named with the package that provides it" {
  local bin=$BATS_TEST_TMPDIR/bin tool
  mkdir -p "$bin"
  # Every tool but etcd, from where the host has it.
  for tool in "${!KUBE_HOST_TOOLS[@]}" bash env dirname cat awk sed grep sort tr id; do
    [[ $tool == etcd ]] && continue
    ln -sf "$(PATH=$PATH:/usr/sbin:/sbin command -v "$tool")" "$bin/$tool"
  done
  PATH=$bin run bash "$KUBE" up
  [ "$status" -eq 1 ]
  [[ $output == *"missing: etcd"* && $output == *"etcd-server"* ]]
}

@test "a leftover of an earlier cluster: up refuses and points to kube:down" {
  ip link add "$KUBE_BRIDGE" type bridge
  run bash "$KUBE" up
  [ "$status" -eq 1 ]
  [[ $output == *"earlier cluster"* && $output == *"link $KUBE_BRIDGE"* && $output == *"kube:down"* ]]
}

# interrupt_up <signal>: start `up` in a process group of its own, send <signal>
# to the group once the API server runs (what Ctrl-C in a terminal does: the
# script and its current child get it), and expect the EXIT trap to tear
# everything down.
interrupt_up() {
  UP_LOG=$BATS_TEST_TMPDIR/up-$1.log
  # A background job of a non-interactive shell ignores SIGINT; restore the
  # default so the script sees a Ctrl-C as it would from a terminal.
  python3 -c 'import os, signal, sys; os.setpgid(0, 0); signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])' \
    bash "$KUBE" up >"$UP_LOG" 2>&1 &
  local up_pid=$!
  wait_until 180 test -f "$KUBE_RUN_DIR/kube-apiserver.pid"
  kill "-$1" -- "-$up_pid"
  local status=0
  wait "$up_pid" || status=$?
  cat "$UP_LOG"
  [ "$status" -ne 0 ]
  grep -q "tearing everything down" "$UP_LOG"
  run bash "$KUBE" check-clean
  echo "$output"
  [ "$status" -eq 0 ]
}

@test "Ctrl-C (SIGINT) during up: everything started so far is stopped and removed" {
  interrupt_up INT
}

@test "SIGTERM during up: everything started so far is stopped and removed" {
  interrupt_up TERM
}

# Rules another Kubernetes (or anyone) made on this host: a chain whose name no
# kubelet, kube-proxy or CNI plugin writes, and a kube-proxy table in a family
# kube-proxy does not use.
FOREIGN_CHAIN=KUBE-FOREIGN-TEST
make_foreign_rules() {
  nft list tables >"$BATS_TEST_TMPDIR/tables-before"
  iptables -w -t filter -N "$FOREIGN_CHAIN"
  iptables -w -t filter -A "$FOREIGN_CHAIN" -j RETURN
  nft add table inet kube-proxy
}
foreign_rules_present() {
  iptables -w -t filter -S "$FOREIGN_CHAIN" >/dev/null 2>&1 && nft list table inet kube-proxy >/dev/null 2>&1
}
remove_foreign_rules() {
  iptables -w -t filter -F "$FOREIGN_CHAIN" 2>/dev/null && iptables -w -t filter -X "$FOREIGN_CHAIN" 2>/dev/null
  iptables -w -t nat -X KUBE-SERVICES 2>/dev/null
  nft delete table inet kube-proxy 2>/dev/null
  # The tables iptables-nft made for them, when the host had none before.
  local table
  for table in filter nat; do
    if [[ -f $BATS_TEST_TMPDIR/tables-before ]] && ! grep -qx "table ip $table" "$BATS_TEST_TMPDIR/tables-before"; then
      nft delete table ip "$table" 2>/dev/null
    fi
  done
  return 0
}

@test "rules that were on the host before up survive down and check-clean; chains kube-proxy writes make up refuse and stay" {
  make_foreign_rules
  # A host that is a Kubernetes node: down and check-clean find nothing of theirs to touch.
  run bash "$KUBE" down
  [ "$status" -eq 0 ]
  foreign_rules_present
  bash "$KUBE" check-clean
  # kube-proxy's own chain on the host: up refuses before it changes anything.
  iptables -w -t nat -N KUBE-SERVICES
  run bash "$KUBE" up
  [ "$status" -eq 1 ]
  [[ $output == *"iptables chain KUBE-SERVICES (iptables -t nat)"* && $output == *"not a Kubernetes node"* ]]
  iptables -w -t nat -S KUBE-SERVICES >/dev/null
  foreign_rules_present
  bash "$KUBE" check-clean
  iptables -w -t nat -X KUBE-SERVICES
  # A real up and down beside the foreign rules: the cluster's own go, theirs stay.
  KUBE_PROXY_MODE=nftables bash "$KUBE" up
  nft list table ip kube-proxy >/dev/null
  bash "$KUBE" down
  foreign_rules_present
  run ! nft list table ip kube-proxy
  bash "$KUBE" check-clean
}
