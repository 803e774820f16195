#!/usr/bin/env python3
"""SASS fingerprint of the benchmarked kernels: proves a refactor left the code the GPU runs unchanged.

Compiles each CUDA source of the given folders for one architecture (nvcc -cubin, the flags the
kernels library uses), disassembles it with nvdisasm and hashes every function's instructions
(opcodes, operands and encodings; no addresses of the file, no line table). Writes one line per
function, "<sha256 of its body>  <instructions>  <name>", sorted by body. Branch labels, which
nvdisasm numbers across the whole cubin, and the translation-unit hashes in callees' names are
left out (the encodings keep the offsets), so that two trees compare even when a kernel's mangled
name changes (a policy struct in place of eleven integers, a file moved): the bodies must be the
same multiset.

  kernels/bench/sass_fingerprint.py --root . --arch sm_90 -o before.txt
  (refactor)
  kernels/bench/sass_fingerprint.py --root . --arch sm_90 -o after.txt
  kernels/bench/sass_fingerprint.py --compare before.txt after.txt     # exit 1 and the differing names

--sources takes glob patterns (relative to --root) in place of DEFAULT_SOURCES; the bench's generated
CUB/Thrust runner instances are compiled only with the default list:

  kernels/bench/sass_fingerprint.py --sources 'kernels/warp/*.cu' 'kernels/block/*.cu' -o before.txt
"""
import argparse, concurrent.futures, glob, hashlib, os, re, shutil, subprocess, sys, tempfile

DEFAULT_SOURCES = ["kernels/device/*.cu", "kernels/bench/*.cu"]
# The bench's CUB/Thrust runners are generated per (type, operator) by CMake; compile the same instances.
RUNNER_TYPES = [("i32", "int"), ("u32", "unsigned"), ("f32", "float"), ("i64", "long long"), ("f64", "double")]
RUNNER_OPS = ["OpAdd", "OpMax", "OpMin"]


def find_tool(name, root):
    for cand in [shutil.which(name), f"/usr/local/cuda/bin/{name}"]:
        if cand and os.path.exists(cand):
            return cand
    try:
        import nvidia  # PyPI nvidia-cuda-nvdisasm (what .ci/setup installs)
        for base in nvidia.__path__:
            for hit in glob.glob(os.path.join(base, "*", "bin", name)):
                return hit
    except ImportError:
        pass
    sys.exit(f"sass_fingerprint: {name} not found (install the CUDA toolkit, or pip install nvidia-cuda-nvdisasm)")


def sources(root, tmp, patterns=None):
    out = []
    for pat in patterns or DEFAULT_SOURCES:
        out += sorted(glob.glob(os.path.join(root, pat)))
    if patterns and not out:
        sys.exit(f"sass_fingerprint: no source matches {' '.join(patterns)}")
    template = os.path.join(root, "kernels/bench/bench_runner_instance.cu.in")
    if not patterns and os.path.exists(template):
        text = open(template).read()
        for tag, ctype in RUNNER_TYPES:
            for op in RUNNER_OPS:
                path = os.path.join(tmp, f"bench_runner_{tag}_{op}.cu")
                open(path, "w").write(text.replace("@SCANVIZ_TYPE@", ctype).replace("@SCANVIZ_OP@", op))
                out.append(path)
    return out


def functions(listing):
    out, cur = {}, None
    for line in listing.splitlines():
        m = re.match(r"\s*\.text\.(\S+):", line)
        if m:
            cur = m.group(1)
            out[cur] = []
            continue
        if cur is None:
            continue
        m = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s*(.*)", line)
        if m:
            # Branch targets are named .L_x_<n>, numbered across the whole cubin: a kernel added
            # or moved in the same file renumbers them. The encodings beside each instruction
            # hold the targets as offsets, so the names can go and the bytes still compare.
            # Calls name their callee, and a callee in an anonymous namespace carries a hash of its
            # translation unit and the file's name (<length>_GLOBAL__N__<hash>_<file>_cu_<hash>)
            # that any edit or rename of the file changes; the call's encoding holds the offset, so
            # the whole namespace name can go.
            text = re.sub(r"\s+", " ", m.group(1)).strip()
            text = re.sub(r"\.L_x_\d+", ".L", text)
            text = re.sub(r"\d+_GLOBAL__N__[0-9a-f]+_\w*?_cu_[0-9a-f]+", "_GLOBAL__N__", text)
            out[cur].append(text)
        elif re.match(r"\s*/\* 0x[0-9a-f]+ \*/", line) and out[cur]:
            out[cur][-1] += " " + line.strip()
    return out


def compile_one(args):
    src, root, arch, nvcc, nvdisasm, tmp = args
    # Named after the whole path: a variant's folder holds kernel.cu, iso.cu and race.cu like
    # every other's, and two workers writing one cubin would disassemble each other's.
    tag = hashlib.sha256(src.encode()).hexdigest()[:12]
    cubin = os.path.join(tmp, f"{tag}_{os.path.basename(src)}.{arch}.cubin")
    cmd = [nvcc, "-cubin", f"-arch={arch}", "-std=c++20", "--expt-relaxed-constexpr", "-O3",
           f"-I{root}", f"-I{root}/app", "-o", cubin, src]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return src, None, r.stderr
    d = subprocess.run([nvdisasm, "-c", "-hex", cubin], capture_output=True, text=True)
    if d.returncode != 0:
        return src, None, d.stderr
    return src, functions(d.stdout), ""


def fingerprint(root, arch, jobs, patterns=None):
    nvcc, nvdisasm = find_tool("nvcc", root), find_tool("nvdisasm", root)
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        work = [(s, root, arch, nvcc, nvdisasm, tmp) for s in sources(root, tmp, patterns)]
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            for src, funcs, err in ex.map(compile_one, work):
                if funcs is None:
                    sys.exit(f"sass_fingerprint: {src} failed:\n{err}")
                print(f"  {os.path.relpath(src, root) if src.startswith(root) else os.path.basename(src)}: "
                      f"{len(funcs)} functions", file=sys.stderr)
                for name, body in funcs.items():
                    h = hashlib.sha256("\n".join(body).encode()).hexdigest()
                    lines.append(f"{h}  {len(body)}  {name}")
    return sorted(lines)


def compare(a, b):
    def bodies(path):
        out = {}
        for line in open(path):
            h, n, name = line.rstrip("\n").split("  ", 2)
            out.setdefault(h, []).append(name)
        return out
    x, y = bodies(a), bodies(b)
    only_a = [n for h, ns in x.items() for n in ns[len(y.get(h, [])):]]
    only_b = [n for h, ns in y.items() for n in ns[len(x.get(h, [])):]]
    total = sum(len(v) for v in x.values())
    if not only_a and not only_b:
        print(f"identical: {total} functions, every body byte-identical")
        return 0
    for n in only_a:
        print(f"only in {a}: {n}")
    for n in only_b:
        print(f"only in {b}: {n}")
    print(f"differ: {len(only_a)} bodies of {a} and {len(only_b)} of {b} have no twin")
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=".")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-o", "--output")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--sources", nargs="+", metavar="GLOB",
                    help="glob patterns relative to --root, in place of DEFAULT_SOURCES")
    a = ap.parse_args()
    if a.compare:
        sys.exit(compare(*a.compare))
    lines = fingerprint(os.path.abspath(a.root), a.arch, a.jobs, a.sources)
    text = "\n".join(lines) + "\n"
    if a.output:
        open(a.output, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
