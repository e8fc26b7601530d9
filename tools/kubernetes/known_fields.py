#!/usr/bin/env python3
"""Writes resources/kubernetes/known-fields.json: the field names the Kubernetes API knows for
each kind `orrery serve` lets clients write, so the served cluster can reject or warn about
unknown fields as kube-apiserver does for `fieldValidation` (core/serve/field_validation.h).

The input is kubernetes/api's round-trip fixtures (`testdata/HEAD/<group>.<version>.<Kind>.json`
in a checkout of https://github.com/kubernetes/api, Apache-2.0): each sets every field of its
kind. Only the names are kept. An object whose one key is "<field>Key" is a map with free keys
(labels, resources.limits, nodeSelector…) and becomes "*"; an empty object (fieldsV1, a raw
extension) also becomes "*" (any content); a list becomes a one-element list of its element's
tree; any other value becomes 0 (a scalar).

    tools/kubernetes/known_fields.py /path/to/kubernetes/api > resources/kubernetes/known-fields.json
"""
import json
import subprocess
import sys
from pathlib import Path

# The kinds the served cluster lets clients write (core/serve/serve_api.cpp, clientWritable) and
# the Binding of pods/binding.
FIXTURES = {
    "v1/Pod": "core.v1.Pod.json",
    "v1/Binding": "core.v1.Binding.json",
    "v1/Event": "core.v1.Event.json",
    "coordination.k8s.io/v1/Lease": "coordination.k8s.io.v1.Lease.json",
}


def tree(value, field):
    if isinstance(value, dict):
        if not value or list(value) == [field + "Key"]:
            return "*"
        return {key: tree(child, key) for key, child in value.items()}
    if isinstance(value, list):
        return [tree(value[0], field)] if value else "*"
    return 0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    repo = Path(sys.argv[1])
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    kinds = {}
    for kind, name in FIXTURES.items():
        path = repo / "testdata" / "HEAD" / name
        if path.exists():
            text = path.read_text()
        else:  # a bare clone
            text = subprocess.run(["git", "-C", str(repo), "show", "HEAD:testdata/HEAD/" + name],
                                  capture_output=True, text=True, check=True).stdout
        kinds[kind] = tree(json.loads(text), "")
    out = {
        "source": "kubernetes/api testdata/HEAD round-trip fixtures" + (" @ " + commit if commit else "") +
                  " (Apache-2.0); written by tools/kubernetes/known_fields.py",
        "kinds": kinds,
    }
    json.dump(out, sys.stdout, separators=(",", ":"), sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
