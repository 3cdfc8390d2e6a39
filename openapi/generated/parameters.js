// Generated from openapi.yaml by scripts/generate-values.mjs (npm run generate). Do not edit.
export const parameters = {
  "IdempotencyKey": {
    "name": "Idempotency-Key",
    "in": "header",
    "schema": {
      "type": "string",
      "minLength": 1,
      "maxLength": 255,
      "pattern": "^[\\x21-\\x7E]+$"
    }
  },
  "Limit": {
    "name": "limit",
    "in": "query",
    "schema": {
      "type": "integer",
      "minimum": 1,
      "maximum": 200,
      "default": 50
    }
  },
  "Cursor": {
    "name": "cursor",
    "in": "query",
    "schema": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200,
      "pattern": "^[A-Za-z0-9_-]+$"
    }
  },
  "AssigneeFilter": {
    "name": "assignee",
    "in": "query",
    "schema": {
      "type": "string",
      "pattern": "^(me|none|[1-9][0-9]{0,15})$",
      "x-messages": {
        "pattern": "assignee must be me, none or an account id"
      }
    }
  },
  "Search": {
    "name": "q",
    "in": "query",
    "schema": {
      "type": "string",
      "maxLength": 200
    }
  },
  "Source": {
    "name": "source",
    "in": "query",
    "schema": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    }
  },
  "Campaign": {
    "name": "campaign",
    "in": "query",
    "schema": {
      "type": "string",
      "minLength": 1,
      "maxLength": 200
    }
  },
  "AuditActorKind": {
    "name": "actorKind",
    "in": "query",
    "schema": {
      "$ref": "AuditActorKind"
    }
  },
  "AuditActorId": {
    "name": "actorId",
    "in": "query",
    "schema": {
      "$ref": "Id"
    }
  },
  "AuditAction": {
    "name": "action",
    "in": "query",
    "schema": {
      "$ref": "AuditAction"
    }
  },
  "AuditTargetType": {
    "name": "targetType",
    "in": "query",
    "schema": {
      "$ref": "AuditTargetType"
    }
  },
  "AuditTargetId": {
    "name": "targetId",
    "in": "query",
    "schema": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[A-Za-z0-9_.@-]+$"
    }
  },
  "AuditFrom": {
    "name": "from",
    "in": "query",
    "schema": {
      "$ref": "Timestamp"
    }
  },
  "AuditTo": {
    "name": "to",
    "in": "query",
    "schema": {
      "$ref": "Timestamp"
    }
  },
  "AgendaHost": {
    "name": "hostId",
    "in": "query",
    "schema": {
      "$ref": "Id"
    }
  },
  "AgendaFrom": {
    "name": "from",
    "in": "query",
    "schema": {
      "type": "string",
      "x-messages": {
        "format": "from must be a real date (YYYY-MM-DD)"
      }
    }
  },
  "AgendaDays": {
    "name": "days",
    "in": "query",
    "schema": {
      "type": "integer",
      "minimum": 1,
      "maximum": 31,
      "default": 7,
      "x-messages": {
        "minimum": "days must be 1 to 31",
        "maximum": "days must be 1 to 31",
        "type": "days must be 1 to 31"
      }
    }
  },
  "NoteLeadKind": {
    "name": "kind",
    "in": "path",
    "schema": {
      "$ref": "LeadKind"
    }
  },
  "PersonEmail": {
    "name": "email",
    "in": "query",
    "schema": {
      "type": "string",
      "minLength": 3,
      "maxLength": 254
    }
  },
  "PersonLeadKind": {
    "name": "leadKind",
    "in": "query",
    "schema": {
      "$ref": "LeadKind"
    }
  },
  "PersonLeadId": {
    "name": "leadId",
    "in": "query",
    "schema": {
      "$ref": "Id"
    }
  },
  "Id": {
    "name": "id",
    "in": "path",
    "schema": {
      "$ref": "Id"
    }
  },
  "WebhookIdHeader": {
    "name": "webhook-id",
    "in": "header",
    "schema": {
      "type": "string",
      "pattern": "^msg_[0-9a-f]{32}$"
    }
  },
  "WebhookTimestampHeader": {
    "name": "webhook-timestamp",
    "in": "header",
    "schema": {
      "type": "string",
      "pattern": "^[0-9]+$"
    }
  },
  "WebhookSignatureHeader": {
    "name": "webhook-signature",
    "in": "header",
    "schema": {
      "type": "string"
    }
  }
};
