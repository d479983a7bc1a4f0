// connect-probe times TCP connect() to a list of targets: the first packet of
// each new connection (the SYN) is the one kube-proxy's rules steer, so the
// time from connect() to its return (SYN out, SYN-ACK back through conntrack,
// ACK out) is the data-plane cost of the rules plus one round trip.
//
// It runs in the client pod's network namespace (nsenter from the host), so no
// kubectl exec or container runtime sits between two samples. Each connect is a
// blocking connect(2) on a thread of its own, timed with the monotonic clock
// around the system call; the socket is then closed with SO_LINGER 0 (a RST), so
// the client keeps no TIME_WAIT socket and every sample is a new conntrack entry.
// Targets are visited in turn (1, 2, ..., N, 1, 2, ...) so that drift over the
// window is shared by all of them.
//
// Usage: connect-probe -n <connects per target> [-timeout 1s] [-gap 0] name=ip:port...
// Output (stdout): one JSON document, samples in microseconds.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"net/netip"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"
)

const version = "1.0.0"

type target struct {
	Name      string    `json:"name"`
	Address   string    `json:"address"`
	SamplesUs []float64 `json:"samplesUs"`
	Errors    int       `json:"errors"`
	LastError string    `json:"lastError,omitempty"`
	addr      netip.AddrPort
}

type result struct {
	Tool       string    `json:"tool"`
	Version    string    `json:"version"`
	PerTarget  int       `json:"perTarget"`
	TimeoutMs  int64     `json:"timeoutMs"`
	StartedAt  string    `json:"startedAt"`
	FinishedAt string    `json:"finishedAt"`
	Targets    []*target `json:"targets"`
}

func die(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "connect-probe: "+format+"\n", args...)
	os.Exit(2)
}

// connectOnce returns the duration of one blocking connect(2) to addr.
func connectOnce(addr netip.AddrPort, timeout time.Duration) (time.Duration, error) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return 0, fmt.Errorf("socket: %w", err)
	}
	defer syscall.Close(fd)
	tv := syscall.NsecToTimeval(timeout.Nanoseconds())
	// SO_SNDTIMEO bounds a blocking connect(2) on Linux.
	if err := syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_SNDTIMEO, &tv); err != nil {
		return 0, fmt.Errorf("SO_SNDTIMEO: %w", err)
	}
	if err := syscall.SetsockoptLinger(fd, syscall.SOL_SOCKET, syscall.SO_LINGER, &syscall.Linger{Onoff: 1, Linger: 0}); err != nil {
		return 0, fmt.Errorf("SO_LINGER: %w", err)
	}
	sa := &syscall.SockaddrInet4{Port: int(addr.Port()), Addr: addr.Addr().As4()}
	start := time.Now()
	err = syscall.Connect(fd, sa)
	elapsed := time.Since(start)
	if err != nil {
		return 0, err
	}
	return elapsed, nil
}

func main() {
	perTarget := flag.Int("n", 100, "connects per target")
	timeout := flag.Duration("timeout", time.Second, "limit of one connect")
	gap := flag.Duration("gap", 0, "pause after each connect")
	flag.Parse()
	if *perTarget < 1 {
		die("-n must be at least 1")
	}
	if flag.NArg() == 0 {
		die("no targets: pass name=ip:port arguments")
	}
	var targets []*target
	for _, arg := range flag.Args() {
		name, address, ok := strings.Cut(arg, "=")
		if !ok {
			die("target %q is not name=ip:port", arg)
		}
		addr, err := netip.ParseAddrPort(address)
		if err != nil || !addr.Addr().Is4() {
			die("target %q: %q is not an IPv4 ip:port", name, address)
		}
		targets = append(targets, &target{Name: name, Address: address, SamplesUs: make([]float64, 0, *perTarget), addr: addr})
	}
	runtime.LockOSThread()
	res := result{Tool: "connect-probe", Version: version, PerTarget: *perTarget, TimeoutMs: timeout.Milliseconds(), StartedAt: time.Now().UTC().Format(time.RFC3339Nano), Targets: targets}
	for i := 0; i < *perTarget; i++ {
		for _, t := range targets {
			d, err := connectOnce(t.addr, *timeout)
			// The Go runtime's preemption signal can cut a blocking connect(2)
			// short (EINTR): that sample says nothing, so it is taken again on a
			// new socket.
			for retry := 0; err == syscall.EINTR && retry < 5; retry++ {
				d, err = connectOnce(t.addr, *timeout)
			}
			if err != nil {
				t.Errors++
				t.LastError = err.Error()
			} else {
				t.SamplesUs = append(t.SamplesUs, math.Round(float64(d.Nanoseconds())/100)/10)
			}
			if *gap > 0 {
				time.Sleep(*gap)
			}
		}
	}
	res.FinishedAt = time.Now().UTC().Format(time.RFC3339Nano)
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(res); err != nil {
		die("writing the result: %v", err)
	}
	failed := 0
	for _, t := range targets {
		failed += t.Errors
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "connect-probe: %d of %d connects failed\n", failed, *perTarget*len(targets))
	}
}
