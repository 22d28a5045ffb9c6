import FlickEngine
import Testing

/// A device's own event times mapped onto the session clock: the spacing the device measured
/// survives a late, bursty delivery; no time is later than its arrival or earlier than the last.
@Suite struct DeviceClockTests {
    /// A flick's eight moves taken 8 ms apart on the device and read in two bursts by a busy
    /// host (after 30 ms, then after 75 ms): the mapped times keep the device's spacing, once
    /// the clock has seen the fastest delivery.
    @Test func aBurstKeepsTheDevicesSpacing() {
        var clock = DeviceClock()
        // Earlier traffic came through in 2 ms: the offset is host - device + 2 ms.
        _ = clock.map(device: 100.000, arrived: 5.002)
        let device = (0..<8).map { 100.100 + Double($0) * 0.008 }
        let arrived = device.map { $0 < 100.125 ? 5.130 : 5.175 }
        let mapped = zip(device, arrived).map { clock.map(device: $0, arrived: $1) }
        for (m, d) in zip(mapped, device) { #expect(abs(m - (d - 95.0 + 0.002)) < 1e-9) }
        for (m, a) in zip(mapped, arrived) { #expect(m <= a) }
    }

    /// A delivery faster than any before lowers the offset: that event is at its arrival, and
    /// nothing is mapped after its arrival or before the time mapped last.
    @Test func neverLaterThanArrivalNorBeforeTheLast() {
        var clock = DeviceClock()
        #expect(clock.map(device: 10.0, arrived: 1.050) == 1.050)
        #expect(clock.offset == -8.950)
        let faster = clock.map(device: 10.1, arrived: 1.120)   // 20 ms faster than before
        #expect(faster <= 1.120 && 1.120 - faster < 1e-12)
        #expect(abs(clock.offset! - -8.980) < 1e-12)
        // A device time that goes back maps to the last time, not before it.
        #expect(clock.map(device: 10.05, arrived: 1.2) == faster)
        // A non-finite device time is the arrival.
        #expect(clock.map(device: .nan, arrived: 1.3) == 1.3)
    }

    /// A fresh estimate (a phone's clock exchange) replaces the offset between gestures; it is
    /// still bounded by the arrival of what follows.
    @Test func rebaseFollowsDriftButNotPastArrival() {
        var clock = DeviceClock()
        _ = clock.map(device: 0, arrived: 1.0)
        clock.rebase(offset: 1.004)
        #expect(abs(clock.map(device: 2.0, arrived: 3.010) - 3.004) < 1e-12)
        clock.rebase(offset: 1.050)   // an estimate too high: the arrival bounds it
        let bounded = clock.map(device: 3.0, arrived: 4.020)
        #expect(bounded <= 4.020 && 4.020 - bounded < 1e-12)
        let offset = clock.offset
        #expect(offset.map { abs($0 - 1.020) < 1e-12 } == true)
        clock.rebase(offset: .infinity)
        #expect(clock.offset == offset)
    }
}
