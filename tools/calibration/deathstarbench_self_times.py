#!/usr/bin/env python3
"""Calibrates the CPU latencies of resources/graphs/socialnetwork.yaml from real Jaeger traces.

Input: a Jaeger query-API export ({"data": [{"traceID", "spans", "processes"}]}), such as the 20
DeathStarBench Social Network `compose-post` traces of delimitrou/DeathStarBench @ 6ecb0970,
ms_collecter/traces-1695947455229.json (Apache-2.0; shipped to this project's data folder as
socialnetwork-jaeger-traces.json).

For every trace and service it computes the service's *self time*: for each span through which
a request enters the service (a span whose parent belongs to another service, or the root), the
span's duration minus the union of the intervals of the spans in *other* services that it
reaches through spans of its own service (its downstream calls). Time the service spends in its
own storage clients (MongoDB, Redis, memcached spans recorded by the service itself) and in RPC
overhead (client span minus the callee's server span) stays with the service. The self times of
a trace sum to its root span's duration.

Output: per service the median self time over the traces (the value written in the graph file as
`latency.cpu`), the spread, and the pooled sigma of ln(self time / median) that the workload's
default `latencySigma` is based on; then the observed caller -> callee edges with their counts.

Usage: tools/calibration/deathstarbench_self_times.py TRACES.json [--yaml]
Only the Python standard library is used.
"""

import argparse
import collections
import json
import math
import statistics
import sys


def self_times(trace):
    """Yields (service, self time in microseconds) for every service of one trace."""
    spans = {span["spanID"]: span for span in trace["spans"]}
    processes = trace["processes"]

    def service_of(span):
        return processes[span["processID"]]["serviceName"]

    parent = {}
    children = collections.defaultdict(list)
    for span in trace["spans"]:
        refs = [r["spanID"] for r in span.get("references", []) if r.get("refType") == "CHILD_OF"]
        parent[span["spanID"]] = refs[0] if refs and refs[0] in spans else None
        if parent[span["spanID"]]:
            children[parent[span["spanID"]]].append(span["spanID"])

    per_service = collections.defaultdict(int)
    for span in trace["spans"]:
        own = service_of(span)
        up = parent[span["spanID"]]
        if up is not None and service_of(spans[up]) == own:
            continue  # not an entry span: its time is inside the entry span's
        # Spans of other services reached through this service's own spans.
        remote, stack = [], [span["spanID"]]
        while stack:
            for child in children[stack.pop()]:
                (stack if service_of(spans[child]) == own else remote).append(child)
        begin, end = span["startTime"], span["startTime"] + span["duration"]
        intervals = sorted((max(begin, spans[r]["startTime"]), min(end, spans[r]["startTime"] + spans[r]["duration"]))
                           for r in remote)
        busy, current = 0, None
        for a, b in intervals:
            if b <= a:
                continue
            if current and a <= current[1]:
                current[1] = max(current[1], b)
            else:
                if current:
                    busy += current[1] - current[0]
                current = [a, b]
        if current:
            busy += current[1] - current[0]
        per_service[own] += span["duration"] - busy
    return per_service.items()


def edges(trace):
    """Yields (caller service, callee service) for every span whose parent is in another service."""
    spans = {span["spanID"]: span for span in trace["spans"]}
    processes = trace["processes"]
    for span in trace["spans"]:
        for ref in span.get("references", []):
            if ref.get("refType") == "CHILD_OF" and ref["spanID"] in spans:
                caller = processes[spans[ref["spanID"]]["processID"]]["serviceName"]
                callee = processes[span["processID"]]["serviceName"]
                if caller != callee:
                    yield caller, callee


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("traces", help="Jaeger JSON export")
    parser.add_argument("--yaml", action="store_true", help="print `latency: {cpu: ...}` lines for the graph file")
    args = parser.parse_args()
    with open(args.traces, encoding="utf-8") as f:
        data = json.load(f)["data"]

    samples = collections.defaultdict(list)
    calls = collections.Counter()
    for trace in data:
        for service, micros in self_times(trace):
            samples[service].append(micros)
        calls.update(set(edges(trace)))

    print(f"# {len(data)} traces")
    print("| service | traces | median self time (us) | min | max | sigma of ln |")
    print("| --- | --- | --- | --- | --- | --- |")
    pooled = []
    for service in sorted(samples):
        values = samples[service]
        median = statistics.median(values)
        logs = [math.log(v / median) for v in values]
        pooled += logs
        print(f"| {service} | {len(values)} | {median:g} | {min(values)} | {max(values)} | {statistics.pstdev(logs):.3f} |")
    print(f"\npooled sigma of ln(self time / median): {statistics.pstdev(pooled):.3f}")
    print("\n# caller -> callee (traces in which the call appears)")
    for (caller, callee), count in sorted(calls.items()):
        print(f"{caller} -> {callee}: {count}")
    if args.yaml:
        print()
        for service in sorted(samples):
            print(f"{service}: latency: {{cpu: {statistics.median(samples[service]):g}us}}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
