export { type Clock, ManualClock, systemClock } from '@econ/server-kit/clock';
