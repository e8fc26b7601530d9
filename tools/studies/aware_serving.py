#!/usr/bin/env python3
"""AWARE study (b), serving under instability (seed 001 §5.5.3, Insight 5.2, Fig. 5.9): a policy
converged on an application serves it after one of the seven instability scenarios changes it;
AWARE (retraining trigger) against no retraining, the rule-based autoscaler and a policy
converged on the changed application.

Parameters (fixed, committed before the first run; see docs/reproduction.md "AWARE"):
  applications  `orrery generate apps --count 100 --seed 5` (the pool of studies (a) and (c)); per
                instability scenario the first APPS held-out applications it changes (a payload
                scenario: those with a segment it affects, docs/workload-generator.md; load
                high-to-low: those at high load; low-to-high: those at low load), varied with
                `orrery generate variant`
  instability   payload-x4, table-10k, op-count-x2, image-dimension, text-size,
                load-high-to-low, load-low-to-high (Insight 5.2's seven)
  base          per application the aware agent trained from scratch for CONVERGE_EPISODES
                episodes of STEPS steps (bootstrap off, thresholdServing 1e9, seed 1); its
                converged reward R = mean lifecycle reward (reward per step x 300) of its last 10
  arms          on the varied application, SERVE_EPISODES episodes, seed 1:
                AWARE          transfer from the base model with the lifecycle restored from its
                               rewards: thresholdServing 0.974 R and retraining 0.026 R (the
                               paper's retraining threshold, 5, is 2.6 % of its converged
                               reward, §5.5.3), maxStdDev 1e9 (T_var is not given), window WINDOW;
                               it serves, drops to ONLINE (retrains) when its average falls
                               more than 0.026 R below its best, and serves again at 0.974 R
                no retraining  the same transfer with thresholdServing 0, retraining 1e9: it keeps
                               serving the base policy unchanged
                rule-based     the hpa-vpa fallback throughout (bootstrap on, thresholdOnline 1e9)
                converged      the aware agent trained from scratch on the varied application
                               for CONVERGE_EPISODES episodes (as the base), then serving it
                               like "no retraining" (no exploration noise, no training);
                               C = its mean episode reward
  measures      mean episode reward of each arm over the SERVE_EPISODES episodes; its
                degradation 1 - reward / C; SLO-violation rate from the trajectory store
  statistics    per arm the mean degradation over (instability, application) pairs with a 95 %
                bootstrap interval (10,000 resamples, seed 1), overall and per instability

Run:  tools/studies/aware_serving.py --orrery build/bin/orrery --out /tmp/aware-serving

Variant (b''), --learning-core (CORE_PARAMS, committed before its run): every aware agent is the
learning core's TD3 (learn::ControlAgent) instead of the seed's DDPG, with transitions stored as
executed; the rule-based arm is unchanged.
"""
import argparse
import os
import random
import re
import shutil

from aware_common import application_pool, copy_project, interval, metrics_of, run, transitions, variant

APPS, CONVERGE_EPISODES, SERVE_EPISODES, STEPS, WINDOW = 3, 100, 40, 30, 5
INSTABILITIES = {"payload-x4": ["compress", "decompress", "file-read", "file-write", "s3-read", "s3-write", "s3-stream"],
                 "table-10k": ["db-scan"], "op-count-x2": ["float-ops"],
                 "image-dimension": ["image-compress", "image-resize", "image-rotate"], "text-size": ["json2yaml"],
                 "load-high-to-low": "high", "load-low-to-high": "low"}
ARMS = ["AWARE", "no retraining", "rule-based", "converged"]
FROM_SCRATCH = {"bootstrap": "off", "thresholdServing": 1e9}
#: Variant (b''), --learning-core: the learning core's TD3 for every agent (issue 32), with the
#: parameters of aware_adaptation.py's variant (a''), committed before its run.
CORE_PARAMS = {"learner": "td3", "warmupSteps": 300, "explorationNoise": 0.1, "preTanhPenalty": 0.01}


def train(orrery, scenario, project, episodes, transfer=False):
    command = [orrery, "train", "aware", "--scenario", scenario, "--project", project, "--episodes", str(episodes),
               "--steps", str(STEPS), "--seed", "1", "--quiet"]
    run(command + (["--mode", "transfer"] if transfer else []))
    metrics = metrics_of(project, "aware")
    return [metrics[f"episode_reward.{k}"] for k in range(1, episodes + 1)]


def slo_violations(project, label):
    rows = transitions(project, label)
    return sum(r[16] for r in rows) / len(rows)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--orrery", default="build/bin/orrery")
    parser.add_argument("--out", default="/tmp/aware-serving")
    parser.add_argument("--smoke", action="store_true", help="a tiny run that checks the pipeline (not the study)")
    parser.add_argument("--learning-core", action="store_true", help="variant (b''): the learning core's TD3 (CORE_PARAMS)")
    args = parser.parse_args()
    core = CORE_PARAMS if args.learning_core else {}
    if args.smoke:
        global APPS, CONVERGE_EPISODES, SERVE_EPISODES, INSTABILITIES
        APPS, CONVERGE_EPISODES, SERVE_EPISODES = 1, 12, 8
        INSTABILITIES = {k: INSTABILITIES[k] for k in ["payload-x4", "load-low-to-high"]}
    orrery = os.path.abspath(args.orrery)
    os.makedirs(args.out, exist_ok=True)
    apps, manifest = application_pool(orrery, args.out)
    entries = re.findall(r"- name: (app-\d+)\n\s+split: held-out\n(?:.*\n)*?\s+segments: \[([^\]]*)\]\n(?:.*\n)*?\s+load: (\w+)",
                         manifest)
    held_out = [(name, [s.strip() for s in segments.split(",")], load) for name, segments, load in entries]

    pairs = []
    for instability, affects in INSTABILITIES.items():
        chosen = [name for name, segments, load in held_out
                  if (load == affects if isinstance(affects, str) else any(s in affects for s in segments))][:APPS]
        pairs.extend((instability, name) for name in chosen)

    bases = {}
    results = []
    for instability, app in pairs:
        scenario = os.path.join(apps, "scenarios", app + ".yaml")
        if app not in bases:
            project = os.path.join(args.out, f"base-{app}.orrery")
            if os.path.exists(project):
                os.remove(project)
            path = os.path.join(args.out, f"base-{app}.yaml")
            variant(scenario, path, {**FROM_SCRATCH, **core})
            rewards = train(orrery, path, project, CONVERGE_EPISODES)
            bases[app] = (project, sum(rewards[-10:]) / 10 / STEPS * 300)
        base_project, converged_lifecycle = bases[app]
        varied = os.path.join(args.out, f"{app}-{instability}.yaml")
        run([orrery, "generate", "variant", scenario, "--instability", instability, "--out", varied])
        name = f"{app}-{instability}"

        arm_params = {
            "AWARE": {"bootstrap": "off", "thresholdServing": round(0.974 * converged_lifecycle, 4),
                      "retraining": round(0.026 * converged_lifecycle, 4), "maxStdDev": 1e9, "window": WINDOW, **core},
            "no retraining": {"bootstrap": "off", "thresholdServing": 0, "retraining": 1e9, "maxStdDev": 1e9,
                              "window": WINDOW, **core},
            "rule-based": {"bootstrap": "on", "thresholdOnline": 1e9},
        }
        row = {"instability": instability, "app": app}
        converged_project = os.path.join(args.out, "converged.orrery")
        if os.path.exists(converged_project):
            os.remove(converged_project)
        path = os.path.join(args.out, f"{name}-converge.yaml")
        variant(varied, path, {**FROM_SCRATCH, **core})
        train(orrery, path, converged_project, CONVERGE_EPISODES)
        arm_params["converged"] = arm_params["no retraining"]
        for arm in ARMS:
            project = os.path.join(args.out, f"serve-{arm.replace(' ', '-')}.orrery")
            transfer = arm != "rule-based"
            if transfer:
                copy_project(converged_project if arm == "converged" else base_project, project)
            elif os.path.exists(project):
                os.remove(project)
            path = os.path.join(args.out, f"{name}-{arm.replace(' ', '-')}.yaml")
            variant(varied, path, arm_params[arm])
            rewards = train(orrery, path, project, SERVE_EPISODES, transfer=transfer)
            metrics = metrics_of(project, "aware")
            row[arm] = {"reward": sum(rewards) / len(rewards), "slo": slo_violations(project, name),
                        "online": metrics.get("episodes_online", 0), "serving": metrics.get("episodes_serving", 0)}
        converged = row["converged"]["reward"]
        for arm in ARMS:
            row[arm]["degradation"] = 1 - row[arm]["reward"] / converged
        results.append(row)
        print(instability, app,
              {arm: {k: round(v, 4) for k, v in row[arm].items()} for arm in ARMS}, flush=True)

    rng = random.Random(1)
    print(f"\n{len(results)} (instability, application) pairs; {SERVE_EPISODES} serving episodes of {STEPS} steps; "
          f"degradation = 1 - reward / converged reward")
    print("| arm | reward degradation, mean [95 % CI] | SLO-violation rate | episodes ONLINE (mean) |")
    print("| --- | --- | --- | --- |")
    for arm in ARMS:
        mean, low, high = interval([r[arm]["degradation"] for r in results], rng)
        slo = sum(r[arm]["slo"] for r in results) / len(results)
        online = sum(r[arm]["online"] for r in results) / len(results)
        print(f"| {arm} | {100 * mean:.2f} % [{100 * low:.2f}, {100 * high:.2f}] | {slo:.4f} | {online:.1f} |")
    print("\n| instability | n | " + " | ".join(f"{arm} degradation" for arm in ARMS) + " |")
    print("| --- | --- |" + " --- |" * len(ARMS))
    for instability in INSTABILITIES:
        rows = [r for r in results if r["instability"] == instability]
        if rows:
            cells = [100 * sum(r[arm]["degradation"] for r in rows) / len(rows) for arm in ARMS]
            print(f"| {instability} | {len(rows)} | " + " | ".join(f"{c:.2f} %" for c in cells) + " |")


if __name__ == "__main__":
    main()
