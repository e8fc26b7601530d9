"""The environments against Gymnasium's documented API (gymnasium.Env.reset/step, spaces.Box),
written from the documentation so it runs without Gymnasium; where Gymnasium is installed its own
env_checker runs too."""
import inspect
import unittest

import numpy as np

import orrery
from orrery_test_support import KIND_SCENARIOS, scenario


class EnvironmentConformance(unittest.TestCase):
    def make(self, kind="Microservices", steps=5):
        return orrery.make(scenario(KIND_SCENARIOS[kind]), steps=steps)

    def test_reset_takes_keyword_seed_and_options_and_returns_observation_and_info(self):
        env = self.make()
        parameters = inspect.signature(env.reset).parameters
        self.assertEqual(parameters["seed"].kind, inspect.Parameter.KEYWORD_ONLY)
        self.assertEqual(parameters["options"].kind, inspect.Parameter.KEYWORD_ONLY)
        result = env.reset(seed=1)
        self.assertIsInstance(result, tuple)
        self.assertEqual(len(result), 2)
        observation, info = result
        self.assertIsInstance(observation, np.ndarray)
        self.assertEqual(observation.dtype, np.float32)
        self.assertEqual(observation.shape, env.observation_space.shape)
        self.assertIsInstance(info, dict)

    def test_step_returns_the_five_tuple_with_gymnasiums_types(self):
        env = self.make()
        env.reset(seed=2)
        result = env.step(env.action_space.sample())
        self.assertEqual(len(result), 5)
        observation, reward, terminated, truncated, info = result
        self.assertIsInstance(observation, np.ndarray)
        self.assertIsInstance(reward, float)
        self.assertIsInstance(terminated, bool)
        self.assertIsInstance(truncated, bool)
        self.assertIsInstance(info, dict)
        for key in ("time_s", "targets", "actions_sent", "actions_applied", "actions_converted", "actions_rejected"):
            self.assertIn(key, info)

    def test_spaces_have_shape_bounds_dtype_sample_and_seed(self):
        env = self.make()
        for space in (env.observation_space, env.action_space):
            self.assertEqual(space.dtype, np.float32)
            self.assertEqual(space.low.shape, space.shape)
            self.assertEqual(space.high.shape, space.shape)
            self.assertTrue(space.contains(space.sample()))
        self.assertTrue(np.all(env.action_space.low == -1.0))
        self.assertTrue(np.all(env.action_space.high == 1.0))
        self.assertEqual(env.action_space.shape, (env.slots * len(env.knobs),))
        self.assertEqual(len(env.observation_names), env.observation_space.shape[0])
        env.action_space.seed(42)
        first = env.action_space.sample()
        env.action_space.seed(42)
        np.testing.assert_array_equal(first, env.action_space.sample())
        self.assertFalse(env.action_space.contains(np.full(env.action_space.shape, 2.0, dtype=np.float32)))
        self.assertFalse(env.action_space.contains(np.zeros(3, dtype=np.float32)))

    def test_every_observation_of_every_kind_lies_in_the_observation_space(self):
        for kind in KIND_SCENARIOS:
            with self.subTest(kind=kind):
                env = self.make(kind, steps=4)
                env.action_space.seed(3)
                observation, _ = env.reset(seed=3)
                self.assertTrue(env.observation_space.contains(observation))
                for _ in range(4):
                    observation, reward, _, _, _ = env.step(env.action_space.sample())
                    self.assertTrue(env.observation_space.contains(observation))
                    self.assertTrue(np.isfinite(reward))

    def test_the_same_seed_gives_the_same_episode_bit_for_bit(self):
        def episode(seed):
            env = self.make(steps=6)
            env.action_space.seed(9)
            observations = [env.reset(seed=seed)[0]]
            rewards = []
            for _ in range(6):
                observation, reward, *_ = env.step(env.action_space.sample())
                observations.append(observation)
                rewards.append(reward)
            return np.concatenate(observations), rewards

        a, b, c = episode(5), episode(5), episode(6)
        np.testing.assert_array_equal(a[0], b[0])
        self.assertEqual(a[1], b[1])
        self.assertFalse(np.array_equal(a[0], c[0]))

    def test_unseeded_resets_continue_the_seeded_stream(self):
        env = self.make()
        first = [env.reset(seed=7)[1]["seed"], env.reset()[1]["seed"], env.reset()[1]["seed"]]
        again = [env.reset(seed=7)[1]["seed"], env.reset()[1]["seed"], env.reset()[1]["seed"]]
        self.assertEqual(first, again)
        self.assertEqual(len(set(first)), 3)

    def test_the_episode_is_truncated_at_the_time_limit_not_terminated(self):
        env = self.make(steps=3)
        env.reset(seed=1)
        zeros = np.zeros(env.action_space.shape, dtype=np.float32)
        flags = [env.step(zeros)[2:4] for _ in range(3)]
        self.assertEqual(flags, [(False, False), (False, False), (False, True)])
        self.assertEqual(env.max_episode_steps, 3)

    def test_misuse_is_a_clear_python_error(self):
        env = self.make()
        with self.assertRaisesRegex(RuntimeError, "before reset"):
            env.step(env.action_space.sample())
        env.reset(seed=1)
        with self.assertRaisesRegex(ValueError, "values, expected"):
            env.step(np.zeros(3, dtype=np.float32))
        with self.assertRaisesRegex(orrery.SimulationError, "unknown knob 'gpu-clock'"):
            orrery.make(scenario("socialnetwork-steady.yaml"), control="cpu,gpu-clock")
        with self.assertRaises(ValueError):
            env.reset(seed=1, options={"anything": 1})

    def test_gymnasiums_own_checker_accepts_the_environment(self):
        try:
            from gymnasium.utils.env_checker import check_env
        except ImportError:
            self.skipTest("Gymnasium is not installed (the checks above follow its documented API)")
        check_env(self.make(steps=4), skip_render_check=True)


if __name__ == "__main__":
    unittest.main()
