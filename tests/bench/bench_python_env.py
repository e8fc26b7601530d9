#!/usr/bin/env python3
"""bench_python_env: the same episodes as bench_control_gym, stepped through the Python module
(orrery.make, NumPy in and out, Gymnasium's 5-tuple). Prints "<figure> <value> <unit>" lines and,
given the C++ benchmark's path, its figure beside each and the ratio (issue 40: within 2x).

    PYTHONPATH=build/lib/python3/dist-packages python3 tests/bench/bench_python_env.py \
        [--episodes 3] [--cpp build/bench/bench_control_gym]
"""
import argparse
import os
import re
import subprocess
import sys
import time

import numpy as np

import orrery

SOURCE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CASES = [  # as kCases in bench_control_gym.cpp
    ("microservices", "socialnetwork-steady.yaml", 300),
    ("functions", "functions-isolated.yaml", 50),
    ("model-serving", "model-serving-v100.yaml", 300),
    ("training-jobs", "flowcon-1-worker-10-jobs.yaml", 2160),
]


def measure(file, steps_per_episode, episodes):
    env = orrery.make(os.path.join(SOURCE_DIR, "resources", "scenarios", file), steps=steps_per_episode)
    zeros = np.zeros(env.action_space.shape, dtype=np.float32)
    steps, checksum = 0, 0.0
    started = time.perf_counter()
    for episode in range(episodes):
        env.reset(seed=episode + 1)
        while True:
            _, reward, terminated, truncated, _ = env.step(zeros)
            steps += 1
            checksum += reward
            if terminated or truncated:
                break
    return steps / (time.perf_counter() - started), steps, checksum


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--cpp", help="path of bench_control_gym, to print its figures beside")
    args = parser.parse_args()
    cpp = {}
    if args.cpp:
        out = subprocess.run([args.cpp, str(args.episodes)], check=True, stdout=subprocess.PIPE, text=True).stdout
        for line in out.splitlines():
            match = re.match(r"control_gym_steps\.(\S+) (\S+) steps/s", line)
            if match:
                cpp[match.group(1)] = float(match.group(2))
    for kind, file, steps in CASES:
        rate, total, checksum = measure(file, steps, args.episodes)
        line = f"python_env_steps.{kind} {rate:.4g} steps/s ({total} steps, return sum {checksum:.6g})"
        if kind in cpp:
            line += f"; C++ {cpp[kind]:.4g} steps/s, C++/Python {cpp[kind] / rate:.2f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
