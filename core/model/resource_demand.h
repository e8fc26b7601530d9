#pragma once

namespace orrery::model {

//! What a running unit (a microservice instance, a task, a job) demands of its node's shared
//! resources, per busy core (docs/model.md, "Contention"). An instance busy on c cores demands
//! c × the rates; the LLC footprint is held while it runs at all.
struct ResourceDemand {
    double memoryBandwidthPerCore = 0.0; //!< bytes/s of DRAM traffic per busy core
    double llcWays = 0.0;                //!< cache footprint, in ways of the node's LLC
    double diskPerCore = 0.0;            //!< bytes/s of disk I/O per busy core
    double networkPerCore = 0.0;         //!< bytes/s of network traffic per busy core

    [[nodiscard]] bool any() const
    {
        return memoryBandwidthPerCore > 0.0 || llcWays > 0.0 || diskPerCore > 0.0 || networkPerCore > 0.0;
    }

    //! A request-serving microservice (docs/model.md, "Contention", demand defaults).
    static ResourceDemand microservice() { return {0.5e9, 1.0, 1e6, 4e6}; }
    //! A long batch/analytics job (docs/model.md, "Contention", demand defaults).
    static ResourceDemand batch() { return {4e9, 4.0, 40e6, 10e6}; }
};

} // namespace orrery::model
