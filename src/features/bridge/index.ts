// The bridge feature's public face: the page of /service/bridge and the dashboard's status card.
export { BridgePage } from './bridge-page';
export { BridgeStatusCard } from './bridge-status-card';
