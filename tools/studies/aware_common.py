"""Shared parts of the AWARE studies (tools/studies/aware_*.py): running orrery, writing a
scenario with an aware control policy, and reading the trajectory store (docs/learning.md,
"Trajectories": per transition 18 state floats, 3 action floats, f64 reward, i32 episode, i32
step, in chunks of little-endian records)."""
import contextlib
import json
import os
import re
import shutil
import sqlite3
import struct
import subprocess
import sys

STATE, ACTION = 18, 3
REWARD, EPISODE = STATE + ACTION, STATE + ACTION + 1


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{result.stderr}")
    return result


def variant(scenario, out, params, name=None):
    text = open(scenario).read()
    graph = re.search(r"graph: (\S+)", text).group(1)
    text = text.replace(f"graph: {graph}", f"graph: {os.path.normpath(os.path.join(os.path.dirname(scenario), graph))}")
    if name:
        text = re.sub(r"(metadata:\n  name: )\S+", lambda m: m.group(1) + name, text, count=1)
    text += "  policies:\n    control: {plugin: aware, params: {" + ", ".join(f"{k}: {v}" for k, v in params.items()) + "}}\n"
    open(out, "w").write(text)


def copy_project(source, target):
    """Copies a project file under a new inode (write, then rename), so that no reader still
    holding the old file sees it change under it."""
    partial = target + ".partial"
    shutil.copyfile(source, partial)
    os.replace(partial, target)


def transitions(project, label):
    rows = []
    with contextlib.closing(sqlite3.connect(project)) as db:
        ids = [tid for (tid,) in db.execute("SELECT id FROM trajectories WHERE label = ? ORDER BY id", (label,))]
        for tid in ids:
            for (blob,) in db.execute("SELECT data FROM trajectory_chunks WHERE trajectory_id = ? ORDER BY chunk_index", (tid,)).fetchall():
                rows.extend(struct.iter_unpack(f"<{STATE}f{ACTION}fdii", blob))
    return rows


def measures(rows):
    n = len(rows)
    return {"cpu": sum(r[2] for r in rows) / n, "memory": sum(r[3] for r in rows) / n,
            "slo_violations": sum(r[16] for r in rows) / n, "reward": sum(r[STATE + ACTION] for r in rows) / n}


def interval(values, rng, resamples=10000):
    means = sorted(sum(rng.choice(values) for _ in values) / len(values) for _ in range(resamples))
    return sum(values) / len(values), means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def by_episode(rows):
    """Transitions grouped by episode, in episode order."""
    episodes = {}
    for row in rows:
        episodes.setdefault(row[EPISODE], []).append(row)
    return [episodes[k] for k in sorted(episodes)]


def metrics_of(project, plugin):
    """The metrics of the newest training of `plugin` in the project, as a dict: its final model's,
    whose metrics hold the per-episode rewards (`orrery train` may store the checkpoint its
    evaluation chose after it, with only that checkpoint's metrics)."""
    with contextlib.closing(sqlite3.connect(project)) as db:
        stored = db.execute("SELECT metrics FROM models WHERE plugin = ? ORDER BY id DESC", (plugin,)).fetchall()
    for (metrics,) in stored:
        values = json.loads(metrics)
        if "checkpoint_episode" not in values:
            return values
    raise SystemExit(f"{project}: no trained {plugin} model")


def application_pool(orrery, out):
    """The studies' pool, `orrery generate apps --count 100 --seed 5` under out/apps (generated
    once): its folder and its manifest's text."""
    apps = os.path.join(out, "apps")
    if not os.path.exists(os.path.join(apps, "manifest.yaml")):
        run([orrery, "generate", "apps", "--count", "100", "--seed", "5", "--out", apps])
    return apps, open(os.path.join(apps, "manifest.yaml")).read()
