#error "scanviz_gpu.cuh: GPU tracing backend not written yet"
