#!/usr/bin/env bash
# The real-cluster tests (`npm run test:kube`): host packages and binaries,
# then every scripts/kube/test/*.bats (the files needing a running cluster
# share one), then proof that nothing is left: the host snapshot taken before
# the first test must equal the one taken after the last, and check-clean
# must pass. BENCH_KUBE_QUICK=1 (the default here) keeps the bench steps short.
#
# Usage: sudo npm run test:kube [-- <bats file>...]
#   KUBE_TEST_WAIT_FREE  seconds to wait for another cluster on this machine to
#                        go away before starting (default 0: fail at once)
#   KUBE_TEST_NETNS=1    run beside a cluster already on this machine: in a
#                        private network and mount namespace, with their own
#                        state, run and cgroup directories (the host checks then
#                        cover that namespace and those directories)
#   KUBE_TEST_SIDE_BY_SIDE=0  run the files with a cluster of their own after the
#                        shared cluster's, not beside them (default 1: in a
#                        private namespace, as KUBE_TEST_NETNS=1, while the
#                        shared cluster's files run; the tests mostly wait on
#                        the cluster, so two take little more time than one)
set -euo pipefail

if [[ ${KUBE_TEST_NETNS:-0} == 1 && -z ${KUBE_TEST_IN_NETNS:-} ]]; then
  [[ $(id -u) -eq 0 ]] || { echo "[kube] ERROR: the real-cluster tests need root" >&2; exit 1; }
  exec unshare --net --mount --propagation private env KUBE_TEST_IN_NETNS=1 \
    KUBE_STATE_DIR=/var/lib/k8s-network-bench-test KUBE_RUN_DIR=/run/k8s-network-bench-test \
    KUBE_CGROUP_ROOT=/k8s-network-bench-test bash "$0" "$@"
fi
if [[ -n ${KUBE_TEST_IN_NETNS:-} ]]; then
  ip link set lo up
  # Copies of another cluster's mounts (container root filesystems, network
  # namespaces) would pin them while this namespace lives: detach them here.
  awk '$2 ~ "^(/run|/var/lib)/k8s-network-bench/" { print $2 }' /proc/self/mounts | sort -r | xargs -r -n1 umount -l
  # Host paths the kubelet and CNI share with a cluster outside: private copies.
  for path in /etc/cni /var/lib/cni /var/log/pods /var/log/containers; do
    if [[ -d $path ]]; then mount -t tmpfs -o mode=0755 tmpfs "$path"; fi
  done
fi

# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
export BENCH_KUBE_QUICK=${BENCH_KUBE_QUICK:-1}

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
[[ $(id -u) -eq 0 ]] || kube_die "the real-cluster tests need root" "run: sudo npm run test:kube"

started=$SECONDS
# A run beside this one (the side-by-side files) finds everything checked and built.
if [[ ${KUBE_TEST_SIDE_BY_SIDE_CHILD:-} != 1 ]]; then
  bash "$KUBE_SCRIPTS_DIR/setup.sh"
  kube_has bats || kube_die "bats is missing" "run: bash scripts/setup-test-env.sh"
  # images.sh build runs build.sh first. Checked once here: every `up` of the
  # tests then skips the check (KUBE_BUILD_CHECKED, see kube.sh).
  bash "$KUBE_SCRIPTS_DIR/images.sh" build
  export KUBE_BUILD_CHECKED=1
fi
# The namespace's daemons log apart from the host cluster's.
[[ -z ${KUBE_TEST_IN_NETNS:-} ]] || export KUBE_LOG_DIR=$KUBE_CACHE_DIR/logs-netns
prepared=$SECONDS

wait_free=${KUBE_TEST_WAIT_FREE:-0}
until leftovers=$(bash "$KUBE_SCRIPTS_DIR/kube.sh" check-clean 2>&1); do
  ((SECONDS - prepared < wait_free)) || kube_die "this machine already runs a local cluster (or its leftovers):"$'\n'"$leftovers" \
    "wait for it to finish, or run: npm run kube:down; KUBE_TEST_WAIT_FREE=600 waits"
  sleep 10
done

before=$(mktemp) after=$(mktemp)
trap 'rm -f "$before" "$after"' EXIT
bash "$KUBE_SCRIPTS_DIR/test/host-snapshot.sh" >"$before"

if (($# > 0)); then files=("$@"); else files=("$KUBE_SCRIPTS_DIR"/test/*.bats); fi
# The files that call cluster_per_file share one cluster, up before the first
# and down after the last (an up and a down take a minute or more on a loaded
# 2-core machine); the others (the kube-proxy study starts its own, lifecycle
# needs none) run after it is down.
shared=() own=()
for file in "${files[@]}"; do
  if grep -q '^cluster_per_file' "$file"; then shared+=("$file"); else own+=("$file"); fi
done
status=0
# run_own_beside: the files with a cluster of their own, in a private network
# and mount namespace (KUBE_TEST_NETNS=1, with its own host checks), in the
# background; its output goes to $own_log, printed when it ends. Started once
# the shared cluster is up and waited for before it goes down: both then see
# the sysctls and top-level cgroups the shared cluster's kubelet set, before
# and after.
own_pid='' own_log='' own_ran=0
run_own_beside() {
  own_log=$(mktemp)
  KUBE_TEST_NETNS=1 KUBE_TEST_SIDE_BY_SIDE_CHILD=1 KUBE_TEST_WAIT_FREE=0 bash "$0" "${own[@]}" >"$own_log" 2>&1 &
  own_pid=$! own_ran=1
  kube_log "started the files with a cluster of their own beside (pid $own_pid): ${own[*]##*/}"
}
wait_own_beside() {
  [[ -n $own_pid ]] || return 0
  wait "$own_pid" || status=1
  kube_log "the files with a cluster of their own, beside in a private namespace:"
  sed 's/^/  | /' "$own_log"
  rm -f "$own_log"
  own_pid=''
}
side_by_side=0
if ((${#shared[@]} && ${#own[@]})) && [[ ${KUBE_TEST_SIDE_BY_SIDE:-1} == 1 && -z ${KUBE_TEST_IN_NETNS:-} ]]; then side_by_side=1; fi
if ((${#shared[@]})); then
  if KUBE_PROXY_MODE=iptables bash "$KUBE_SCRIPTS_DIR/kube.sh" up; then
    ((side_by_side)) && run_own_beside
    KUBE_TEST_SHARED_CLUSTER=1 bats --timing "${shared[@]}" || status=$?
    wait_own_beside
  else
    status=1
  fi
  bash "$KUBE_SCRIPTS_DIR/kube.sh" down || status=1
fi
# Not run beside (not asked, or the shared cluster did not come up): now, here.
if ((${#own[@]} && !own_ran)); then bats --timing "${own[@]}" || status=$?; fi

# Whatever the tests did, the cluster must be gone now.
bash "$KUBE_SCRIPTS_DIR/kube.sh" check-clean || { status=1; bash "$KUBE_SCRIPTS_DIR/kube.sh" down || true; }
bash "$KUBE_SCRIPTS_DIR/test/host-snapshot.sh" >"$after"
# Anything present after and not before was left behind (or changed, for a
# sysctl): a failure. Things gone since the start are reported only: on a
# shared machine other sessions remove their own network namespaces meanwhile.
added=$(comm -13 "$before" "$after")
gone=$(comm -23 "$before" "$after")
[[ -z $gone ]] || kube_log "gone since the tests started (not made by them; check if unexpected):"$'\n'"$gone"
if [[ -n $added ]]; then
  kube_log "left behind or changed by the tests:"$'\n'"$added"
  status=1
fi
kube_log "test:kube: $( ((status == 0)) && echo passed || echo FAILED) in $((SECONDS - started)) s (preparation $((prepared - started)) s)"
exit "$status"
