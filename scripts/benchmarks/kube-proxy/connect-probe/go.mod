module k8s-network-benchmarks/connect-probe

go 1.24.0
