import { FilterBar, FilterField } from "@/components/lists/filter-bar";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_OBJECT_TYPE_LABELS,
} from "@/lib/audit/action-labels";
import { AUDIT_OBJECT_TYPES } from "@/lib/audit/actions";
import type { AuditFilter } from "@/lib/audit/list-filter";

/** Person, action, object, dates and sign-ins: a GET form, so a filtered view is a link. */
export function AuditFilterBar({ filter }: { filter: AuditFilter }) {
  return (
    <FilterBar action="/audit" label="Filter the audit log" className="lg:grid-cols-4">
      <FilterField id="audit-person" label="Person (email)">
        <Input
          id="audit-person"
          name="person"
          type="email"
          defaultValue={filter.person ?? ""}
          maxLength={320}
        />
      </FilterField>
      <FilterField id="audit-action" label="Action">
        <Select id="audit-action" name="action" defaultValue={filter.action ?? ""}>
          <option value="">Any</option>
          {AUDIT_ACTION_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.actions.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </FilterField>
      <FilterField id="audit-object-type" label="Object type">
        <Select id="audit-object-type" name="objectType" defaultValue={filter.objectType ?? ""}>
          <option value="">Any</option>
          {AUDIT_OBJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_OBJECT_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="audit-object-id" label="Object id">
        <Input id="audit-object-id" name="objectId" defaultValue={filter.objectId ?? ""} maxLength={200} />
      </FilterField>
      <FilterField id="audit-date-from" label="From (UTC)">
        <Input id="audit-date-from" name="dateFrom" type="date" defaultValue={filter.dateFrom ?? ""} />
      </FilterField>
      <FilterField id="audit-date-to" label="To (UTC)">
        <Input id="audit-date-to" name="dateTo" type="date" defaultValue={filter.dateTo ?? ""} />
      </FilterField>
      <FilterField id="audit-sign-ins" label="Sign-ins">
        <Select
          id="audit-sign-ins"
          name="signIns"
          defaultValue={filter.signIns ?? ""}
          aria-describedby="audit-sign-ins-hint"
        >
          <option value="">Hidden</option>
          <option value="show">Shown</option>
          <option value="only">Only sign-ins</option>
        </Select>
        <p id="audit-sign-ins-hint" className="text-xs text-slate-600">
          Signing in and out. An action chosen above shows its entries either way.
        </p>
      </FilterField>
    </FilterBar>
  );
}
