import type { ToolOutcome } from '@radar/mcp-tools';
import { counter } from '@radar/platform/metrics';

const toolCalls = counter({
  name: 'radar_mcp_tool_calls_total',
  help: 'MCP tool calls ended, by tool and outcome: success (the API answered), refused (the API or the arguments refused it: the tool error holds the envelope), unavailable (no answer from the API)',
  labelNames: ['tool', 'outcome'] as const,
});

/** Counts one tool call; tool names are the catalogue's fixed list, so the label stays bounded. */
export function countToolCall(tool: string, outcome: ToolOutcome): void {
  toolCalls.inc({ tool, outcome });
}
