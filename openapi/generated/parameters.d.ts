// Generated from openapi.yaml by scripts/generate-values.mjs (npm run generate). Do not edit.
export declare const parameters: {
  readonly IdempotencyKey: {
    readonly name: "Idempotency-Key",
    readonly in: "header",
    readonly schema: {
      readonly type: "string",
      readonly minLength: 1,
      readonly maxLength: 255,
      readonly pattern: "^[\\x21-\\x7E]+$"
    }
  },
  readonly Limit: {
    readonly name: "limit",
    readonly in: "query",
    readonly schema: {
      readonly type: "integer",
      readonly minimum: 1,
      readonly maximum: 200,
      readonly default: 50
    }
  },
  readonly Cursor: {
    readonly name: "cursor",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly minLength: 1,
      readonly maxLength: 200,
      readonly pattern: "^[A-Za-z0-9_-]+$"
    }
  },
  readonly AssigneeFilter: {
    readonly name: "assignee",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly pattern: "^(me|none|[1-9][0-9]{0,15})$",
      readonly "x-messages": {
        readonly pattern: "assignee must be me, none or an account id"
      }
    }
  },
  readonly Search: {
    readonly name: "q",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly maxLength: 200
    }
  },
  readonly Source: {
    readonly name: "source",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly minLength: 1,
      readonly maxLength: 200
    }
  },
  readonly Campaign: {
    readonly name: "campaign",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly minLength: 1,
      readonly maxLength: 200
    }
  },
  readonly AuditActorKind: {
    readonly name: "actorKind",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "AuditActorKind"
    }
  },
  readonly AuditActorId: {
    readonly name: "actorId",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "Id"
    }
  },
  readonly AuditAction: {
    readonly name: "action",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "AuditAction"
    }
  },
  readonly AuditTargetType: {
    readonly name: "targetType",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "AuditTargetType"
    }
  },
  readonly AuditTargetId: {
    readonly name: "targetId",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly minLength: 1,
      readonly maxLength: 100,
      readonly pattern: "^[A-Za-z0-9_.@-]+$"
    }
  },
  readonly AuditFrom: {
    readonly name: "from",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "Timestamp"
    }
  },
  readonly AuditTo: {
    readonly name: "to",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "Timestamp"
    }
  },
  readonly AgendaHost: {
    readonly name: "hostId",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "Id"
    }
  },
  readonly AgendaFrom: {
    readonly name: "from",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly "x-messages": {
        readonly format: "from must be a real date (YYYY-MM-DD)"
      }
    }
  },
  readonly AgendaDays: {
    readonly name: "days",
    readonly in: "query",
    readonly schema: {
      readonly type: "integer",
      readonly minimum: 1,
      readonly maximum: 31,
      readonly default: 7,
      readonly "x-messages": {
        readonly minimum: "days must be 1 to 31",
        readonly maximum: "days must be 1 to 31",
        readonly type: "days must be 1 to 31"
      }
    }
  },
  readonly NoteLeadKind: {
    readonly name: "kind",
    readonly in: "path",
    readonly schema: {
      readonly $ref: "LeadKind"
    }
  },
  readonly PersonEmail: {
    readonly name: "email",
    readonly in: "query",
    readonly schema: {
      readonly type: "string",
      readonly minLength: 3,
      readonly maxLength: 254
    }
  },
  readonly PersonLeadKind: {
    readonly name: "leadKind",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "LeadKind"
    }
  },
  readonly PersonLeadId: {
    readonly name: "leadId",
    readonly in: "query",
    readonly schema: {
      readonly $ref: "Id"
    }
  },
  readonly Id: {
    readonly name: "id",
    readonly in: "path",
    readonly schema: {
      readonly $ref: "Id"
    }
  },
  readonly WebhookIdHeader: {
    readonly name: "webhook-id",
    readonly in: "header",
    readonly schema: {
      readonly type: "string",
      readonly pattern: "^msg_[0-9a-f]{32}$"
    }
  },
  readonly WebhookTimestampHeader: {
    readonly name: "webhook-timestamp",
    readonly in: "header",
    readonly schema: {
      readonly type: "string",
      readonly pattern: "^[0-9]+$"
    }
  },
  readonly WebhookSignatureHeader: {
    readonly name: "webhook-signature",
    readonly in: "header",
    readonly schema: {
      readonly type: "string"
    }
  }
};
