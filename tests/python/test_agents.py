"""A random agent and a scripted agent run whole episodes on every kind with a control
environment, and the scripted agents' decisions have the consequences the physics says."""
import unittest

import numpy as np

import orrery
from orrery_test_support import KIND_SCENARIOS, scenario


def run_episode(env, policy, seed):
    observation, info = env.reset(seed=seed)
    total, steps, infos = 0.0, 0, []
    while True:
        observation, reward, terminated, truncated, info = env.step(policy(env, observation))
        total += reward
        steps += 1
        infos.append(info)
        if terminated or truncated:
            return total, steps, observation, infos


def hold(env, observation):
    return np.zeros(env.action_space.shape, dtype=np.float32)


class Agents(unittest.TestCase):
    def test_a_random_agent_finishes_an_episode_on_every_kind(self):
        for kind, file in KIND_SCENARIOS.items():
            with self.subTest(kind=kind):
                env = orrery.make(scenario(file), steps=12)
                self.assertEqual(env.kind, kind)
                env.action_space.seed(1)
                total, steps, _, infos = run_episode(env, lambda e, o: e.action_space.sample(), seed=4)
                self.assertTrue(np.isfinite(total))
                self.assertLessEqual(steps, 12)
                sent = sum(i["actions_sent"] for i in infos)
                outcomes = sum(i["actions_applied"] + i["actions_converted"] + i["actions_rejected"] for i in infos)
                self.assertGreater(sent, 0)      # random actions leave the dead band
                self.assertGreaterEqual(outcomes, 1)

    def test_starving_microservices_of_cpu_violates_their_slos(self):
        # Scripted: halve every CPU limit each step, against keeping the scenario's limits.
        def starve(env, observation):
            action = np.zeros(env.action_space.shape, dtype=np.float32)
            action[0::2] = -1.0  # knobs cpu, replicas: every slot's cpu
            return action

        env = orrery.make(scenario("socialnetwork-steady.yaml"), steps=20)
        held, _, _, _ = run_episode(env, hold, seed=3)
        starved, _, observation, _ = run_episode(env, starve, seed=3)
        self.assertLess(starved, held)
        violation = env.observation_names.index("slo_violation_rate")
        self.assertGreater(observation[violation], 0.0)

    def test_lower_gpu_clocks_draw_less_power(self):
        def throttle(env, observation):
            return np.full(env.action_space.shape, -1.0, dtype=np.float32)

        env = orrery.make(scenario("model-serving-v100.yaml"), steps=10)
        watts = [env.feature_index(slot, "feature.watts") for slot in range(env.slots)]
        _, _, full, _ = run_episode(env, hold, seed=2)
        _, _, throttled, _ = run_episode(env, throttle, seed=2)
        self.assertLess(throttled[watts].sum(), full[watts].sum())

    def test_every_training_job_has_a_slot_and_limits_share_the_node(self):
        # Soft limits (seed 004 §4): squeezing every job alike changes nothing, squeezing all but
        # one gives that one the idle cores.
        env = orrery.make(scenario("flowcon-1-worker-10-jobs.yaml"), steps=40)
        self.assertEqual(env.slots, 10)
        self.assertEqual(env.knobs, ["cpu"])

        def favour_slot_0(env, observation):
            action = np.full(env.action_space.shape, -1.0, dtype=np.float32)
            action[0] = 0.0
            return action

        def usage(observation):
            return [float(observation[env.feature_index(slot, "usage.cpu")]) for slot in range(env.slots)
                    if observation[env.feature_index(slot, "present")] > 0]

        _, steps, favoured, infos = run_episode(env, favour_slot_0, seed=1)
        self.assertEqual(steps, 40)
        self.assertEqual(len(usage(favoured)), 10)  # all ten jobs run by now, slot 0 the first
        self.assertGreater(usage(favoured)[0], 10 * max(usage(favoured)[1:]))
        self.assertGreater(sum(i["actions_converted"] for i in infos), 0)  # no limit under 0.01 cores
        _, _, held, _ = run_episode(env, hold, seed=1)
        self.assertAlmostEqual(usage(held)[0], usage(held)[1], places=4)

if __name__ == "__main__":
    unittest.main()
