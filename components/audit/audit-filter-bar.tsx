import { FilterBar, FilterField } from "@/components/lists/filter-bar";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from "@/lib/audit/actions";
import type { AuditFilter } from "@/lib/audit/list-filter";

/** Person, action, object and dates: a GET form, so a filtered view is a link. */
export function AuditFilterBar({ filter }: { filter: AuditFilter }) {
  return (
    <FilterBar action="/audit" label="Filter the audit log" className="lg:grid-cols-7">
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
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </Select>
      </FilterField>
      <FilterField id="audit-object-type" label="Object type">
        <Select id="audit-object-type" name="objectType" defaultValue={filter.objectType ?? ""}>
          <option value="">Any</option>
          {AUDIT_OBJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
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
    </FilterBar>
  );
}
