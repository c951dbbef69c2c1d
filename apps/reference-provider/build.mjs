// Bundles the reference provider into dist/main.js (npm dependencies stay external).
import { bundleNodeService } from '../../scripts/bundle-node-service.mjs';

await bundleNodeService();
