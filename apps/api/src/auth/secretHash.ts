export { hashSecret, verifySecret } from '@econ/server-kit/secretHash';
