export { createRadarMcpServer, RADAR_TOOL_LIST, type RadarMcpServerOptions, type ToolOutcome } from './radar-mcp-server';
export { RADAR_TOOLS } from './tool-catalogue';
export type { RadarTool, ToolOperation } from './radar-tool';
