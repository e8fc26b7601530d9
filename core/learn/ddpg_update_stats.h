#pragma once

namespace orrery::learn {

//! Losses of one DDPG update, for learning curves.
struct DdpgUpdateStats {
    double criticLoss = 0; //!< L(w), seed 001 Eq. 3.2
    double actorLoss = 0;  //!< −mean Q(s, π(s))
};

} // namespace orrery::learn
