#include "gym/classic_control.h"

#include "gym/cart_pole.h"
#include "gym/mountain_car_continuous.h"
#include "gym/pendulum.h"

namespace orrery::gym {

std::vector<std::string> classicControlIds()
{
    return {"CartPole-v1", "MountainCarContinuous-v0", "Pendulum-v1"};
}

std::unique_ptr<Environment> makeClassicControl(std::string_view id)
{
    if (id == "CartPole-v1")
        return std::make_unique<CartPole>();
    if (id == "MountainCarContinuous-v0")
        return std::make_unique<MountainCarContinuous>();
    if (id == "Pendulum-v1")
        return std::make_unique<Pendulum>();
    return nullptr;
}

} // namespace orrery::gym
