// Command pause is the pod sandbox process of the local cluster: it holds the
// pod's namespaces and exits on SIGTERM or SIGINT, like the upstream pause image.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
	<-stop
}
