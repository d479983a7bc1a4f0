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
#   KUBE_TEST_NETNS_NAME directories and cgroup root of that run: *-<name>
#                        (default test)
#   KUBE_TEST_SIDE_BY_SIDE=0  everything one after the other on the host: the
#                        shared cluster's files, then the others (default 1: the
#                        files with a cluster of their own, and the TKE script's
#                        on a second shared cluster, run beside the shared
#                        cluster's, each group as KUBE_TEST_NETNS=1 does; the
#                        tests mostly wait on their cluster, so three groups side
#                        by side take little more time than the longest)
set -euo pipefail

if [[ ${KUBE_TEST_NETNS:-0} == 1 && -z ${KUBE_TEST_IN_NETNS:-} ]]; then
  [[ $(id -u) -eq 0 ]] || { echo "[kube] ERROR: the real-cluster tests need root" >&2; exit 1; }
  name=${KUBE_TEST_NETNS_NAME:-test}
  [[ $name =~ ^[a-z0-9]+$ ]] || { echo "[kube] ERROR: KUBE_TEST_NETNS_NAME='$name': use lower-case letters and digits" >&2; exit 1; }
  exec unshare --net --mount --propagation private env KUBE_TEST_IN_NETNS=1 \
    KUBE_STATE_DIR="/var/lib/k8s-network-bench-$name" KUBE_RUN_DIR="/run/k8s-network-bench-$name" \
    KUBE_CGROUP_ROOT="/k8s-network-bench-$name" bash "$0" "$@"
fi
if [[ -n ${KUBE_TEST_IN_NETNS:-} ]]; then
  ip link set lo up
  # Copies of another cluster's mounts (container root filesystems, network
  # namespaces) would pin them while this namespace lives: detach them here.
  awk '$2 ~ "^(/run|/var/lib)/k8s-network-bench/" { print $2 }' /proc/self/mounts | sort -r | xargs -r -n1 umount -l
  # Host paths the kubelet and CNI share with a cluster outside: private copies.
  for path in /etc/cni /var/lib/cni /var/log/pods /var/log/containers; do
    # Beside test-kube.sh's shared cluster, whose `down` removes the ones it
    # did not find at its `up`: made now, not by that cluster's first pod later
    # (a path appearing on the host under this namespace's checks).
    if [[ ${KUBE_TEST_SIDE_BY_SIDE_CHILD:-} == 1 ]]; then mkdir -p "$path"; fi
    if [[ -d $path ]]; then mount -t tmpfs -o mode=0755 tmpfs "$path"; fi
  done
fi

# shellcheck source=scripts/kube/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
export BENCH_KUBE_QUICK=${BENCH_KUBE_QUICK:-1}

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
[[ $(id -u) -eq 0 ]] || kube_die "the real-cluster tests need root" "run: sudo npm run test:kube"

started=$SECONDS
# A run beside this one (the side-by-side files) finds everything checked and built.
if [[ ${KUBE_TEST_SIDE_BY_SIDE_CHILD:-} != 1 ]]; then
  bash "$KUBE_SCRIPTS_DIR/setup.sh"
  kube_has bats || kube_die "bats is missing" "run: bash scripts/test/setup-test-env.sh"
  # images.sh build runs build.sh first. Checked once here: every `up` of the
  # tests then skips the check (KUBE_BUILD_CHECKED, see kube.sh).
  bash "$KUBE_SCRIPTS_DIR/images.sh" build
  export KUBE_BUILD_CHECKED=1
fi
# The namespace's daemons log apart from the host cluster's.
[[ -z ${KUBE_TEST_IN_NETNS:-} ]] || export KUBE_LOG_DIR=$KUBE_CACHE_DIR/logs-${KUBE_TEST_NETNS_NAME:-test}
prepared=$SECONDS

wait_free=${KUBE_TEST_WAIT_FREE:-0}
until leftovers=$(bash "$KUBE_SCRIPTS_DIR/kube.sh" check-clean 2>&1); do
  ((SECONDS - prepared < wait_free)) || kube_die "this machine already runs a local cluster (or its leftovers):"$'\n'"$leftovers" \
    "wait for it to finish, or run: $(kube_down_command); KUBE_TEST_WAIT_FREE=600 waits"
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
# Side by side (default): the files with a cluster of their own (the study,
# lifecycle), and the shared-cluster files in BESIDE_SHARED on a second shared
# cluster, run beside the shared cluster's files, each group in a private
# network and mount namespace (KUBE_TEST_NETNS=1, with its own host checks) in
# the background, its output printed when it ends. Started once the shared
# cluster is up and waited for before it goes down: every group then sees the
# sysctls and top-level cgroups the shared cluster's kubelet set, before and after.
# The TKE script's two full runs take about as long as every other shared file together.
BESIDE_SHARED=tke-script.bats
beside_pids=() beside_logs=() beside_ran=0
run_beside() { # run_beside <name> <file>...
  local name=$1 log
  shift
  log=$(mktemp)
  KUBE_TEST_NETNS=1 KUBE_TEST_NETNS_NAME=$name KUBE_TEST_SIDE_BY_SIDE_CHILD=1 KUBE_TEST_WAIT_FREE=0 \
    bash "$0" "$@" >"$log" 2>&1 &
  beside_pids+=($!) beside_logs+=("$log")
  kube_log "started beside, in private namespace $name (pid $!): ${*##*/}"
}
wait_beside() {
  local i
  for i in "${!beside_pids[@]}"; do
    wait "${beside_pids[i]}" || status=1
    kube_log "output of the files run beside (pid ${beside_pids[i]}):"
    sed 's/^/  | /' "${beside_logs[i]}"
    rm -f "${beside_logs[i]}"
  done
  beside_pids=() beside_logs=()
}
host_shared=("${shared[@]}") second_shared=()
if ((${#shared[@]})) && [[ ${KUBE_TEST_SIDE_BY_SIDE:-1} == 1 && -z ${KUBE_TEST_IN_NETNS:-} ]]; then
  beside_ran=1
  host_shared=()
  for file in "${shared[@]}"; do
    if [[ ${file##*/} == "$BESIDE_SHARED" ]]; then second_shared+=("$file"); else host_shared+=("$file"); fi
  done
  # Alone, it runs on the shared cluster itself.
  if ((${#host_shared[@]} == 0)); then host_shared=("${second_shared[@]}") second_shared=(); fi
fi
if ((${#shared[@]})); then
  if KUBE_PROXY_MODE=iptables bash "$KUBE_SCRIPTS_DIR/kube.sh" up; then
    if ((beside_ran)); then
      if ((${#own[@]})); then run_beside test "${own[@]}"; fi
      if ((${#second_shared[@]})); then run_beside test2 "${second_shared[@]}"; fi
    fi
    if ((${#host_shared[@]})); then KUBE_TEST_SHARED_CLUSTER=1 bats --timing "${host_shared[@]}" || status=$?; fi
    wait_beside
  else
    status=1 beside_ran=0
  fi
  bash "$KUBE_SCRIPTS_DIR/kube.sh" down || status=1
fi
# Not run beside (not asked, or the shared cluster did not come up): now, here.
if ((${#own[@]} && !beside_ran)); then bats --timing "${own[@]}" || status=$?; fi

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
