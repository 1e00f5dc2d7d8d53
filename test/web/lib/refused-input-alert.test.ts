import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-client';
import { alertForRefusedInput } from '../../../web/src/lib/refused-input-alert';
import { workspaceAlerts } from '../../../web/src/features/workspace/workspace-messages';

describe('alert for refused input', () => {
  it("says what the server refused instead of 'Please report this'", () => {
    // Arrange
    const alertFor = alertForRefusedInput(workspaceAlerts.chapterFailed);
    const refused = new ApiError(400, 'validation_failed', 'A chapter title may be at most 256 characters.');

    // Act
    const alert = alertFor(refused);

    // Assert
    expect(alert).toEqual({
      title: 'Invalid Title',
      message: 'A chapter title may be at most 256 characters.',
      severity: 'warning',
    });
  });

  it("keeps the spec's alert for a failure that is not the author's input", () => {
    // Arrange
    const alertFor = alertForRefusedInput(workspaceAlerts.chapterFailed);

    // Act
    const alerts = [
      alertFor(new ApiError(500, 'internal_error', 'Something went wrong.')),
      alertFor(new ApiError(0, 'network_error', 'The server could not be reached.')),
    ];

    // Assert
    expect(alerts).toEqual([workspaceAlerts.chapterFailed, workspaceAlerts.chapterFailed]);
  });
});
