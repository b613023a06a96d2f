/**
 * single-credential-per-node as n8n's repository writes it (packages/@n8n/eslint-plugin-community-nodes,
 * src/rules/single-credential-per-node.ts), modelled here because the plugin we pin (0.32.0) does not have it. It
 * reads the source of a `.node.ts` file, not what n8n loads, so it runs on the source with ESLint and the TypeScript
 * parser, as n8n's scanner would:
 *
 * - only the literal `credentials:` array of a node class's literal `description` counts (two or more entries);
 * - every pair of entries must be exclusive: some key of `displayOptions.show` (nothing else: `hide` is not read) has,
 *   on both sides, values that all differ. A value is a literal (its type and text), or a member of an imported
 *   binding (equal when binding and member are); a key holding anything else is not read at all;
 * - keys naming a `multiOptions` parameter (a literal entry of the literal `properties` array) are skipped, as such a
 *   parameter can hold both values at once;
 * - the first pair that is not exclusive is reported, once, on the `credentials:` array.
 */
import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { Linter, type Rule } from 'eslint';

// The TypeScript parser of ESLint, as n8n's lint uses it. Its package declares only `exports`, which this
// repository's module resolution ("node") does not read, hence a plain require.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tsParser = require('@typescript-eslint/parser') as Linter.Parser;

type Value = { literal: string } | { binding: unknown; member: string };

function property(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
	return object.properties.find(
		(p): p is TSESTree.Property =>
			p.type === AST_NODE_TYPES.Property &&
			p.key.type === AST_NODE_TYPES.Identifier &&
			p.key.name === name,
	);
}

/** The object literal behind an expression, through `as`, `satisfies`, `<T>` and `!`. */
function objectOf(node: TSESTree.Node | null | undefined): TSESTree.ObjectExpression | undefined {
	let current = node;
	while (
		current?.type === AST_NODE_TYPES.TSAsExpression ||
		current?.type === AST_NODE_TYPES.TSSatisfiesExpression ||
		current?.type === AST_NODE_TYPES.TSTypeAssertion ||
		current?.type === AST_NODE_TYPES.TSNonNullExpression
	)
		current = current.expression;
	return current?.type === AST_NODE_TYPES.ObjectExpression ? current : undefined;
}

function keyName(p: TSESTree.Property): string | undefined {
	if (p.key.type === AST_NODE_TYPES.Identifier && !p.computed) return p.key.name;
	if (p.key.type === AST_NODE_TYPES.Literal && typeof p.key.value === 'string') return p.key.value;
	return undefined;
}

/**
 * A class that implements INodeType (or extends n8n's Node), and its literal description object: a `description`
 * property, or `this.description = {…}` in its constructor.
 */
function descriptionOf(node: TSESTree.ClassDeclaration): TSESTree.ObjectExpression | undefined {
	const isNode =
		node.implements.some(
			(i) => i.expression.type === AST_NODE_TYPES.Identifier && i.expression.name === 'INodeType',
		) ||
		(node.superClass?.type === AST_NODE_TYPES.Identifier && node.superClass.name === 'Node');
	if (!isNode) return undefined;
	for (const member of node.body.body) {
		if (
			member.type === AST_NODE_TYPES.PropertyDefinition &&
			member.key.type === AST_NODE_TYPES.Identifier &&
			member.key.name === 'description'
		)
			return objectOf(member.value);
	}
	const constructor = node.body.body.find(
		(m): m is TSESTree.MethodDefinition =>
			m.type === AST_NODE_TYPES.MethodDefinition && m.kind === 'constructor',
	);
	for (const statement of constructor?.value.body?.body ?? []) {
		const e = statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : null;
		if (
			e?.type === AST_NODE_TYPES.AssignmentExpression &&
			e.operator === '=' &&
			e.left.type === AST_NODE_TYPES.MemberExpression &&
			e.left.object.type === AST_NODE_TYPES.ThisExpression &&
			e.left.property.type === AST_NODE_TYPES.Identifier &&
			e.left.property.name === 'description'
		)
			return objectOf(e.right);
	}
	return undefined;
}

function valueOf(node: TSESTree.Node | null, scope: TSESLint.Scope.Scope): Value | undefined {
	if (!node) return undefined;
	const found = ASTUtils.getStaticValue(node, scope)?.value;
	if (typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean')
		return { literal: `${typeof found}:${String(found)}` };
	if (
		node.type === AST_NODE_TYPES.MemberExpression &&
		!node.computed &&
		node.object.type === AST_NODE_TYPES.Identifier &&
		node.property.type === AST_NODE_TYPES.Identifier
	) {
		const binding = ASTUtils.findVariable(scope, node.object);
		const definition = binding?.defs.length === 1 ? binding.defs[0].node : undefined;
		if (
			definition?.type === AST_NODE_TYPES.ImportSpecifier ||
			definition?.type === AST_NODE_TYPES.ImportDefaultSpecifier ||
			definition?.type === AST_NODE_TYPES.ImportNamespaceSpecifier
		)
			return { binding, member: node.property.name };
	}
	return undefined;
}

function differ(a: Value, b: Value): boolean {
	if ('literal' in a && 'literal' in b) return a.literal !== b.literal;
	return 'binding' in a && 'binding' in b && a.binding === b.binding && a.member !== b.member;
}

/** The `show` keys of one credentials entry whose values can all be read, in source order. */
function showOf(
	entry: TSESTree.Node | null,
	scope: (n: TSESTree.Node) => TSESLint.Scope.Scope,
): Map<string, Value[]> {
	const conditions = new Map<string, Value[]>();
	const displayOptions = objectOf(
		objectOf(entry) && property(objectOf(entry)!, 'displayOptions')?.value,
	);
	const show = objectOf(displayOptions && property(displayOptions, 'show')?.value);
	for (const p of show?.properties ?? []) {
		if (p.type !== AST_NODE_TYPES.Property || p.value.type !== AST_NODE_TYPES.ArrayExpression)
			continue;
		const name = keyName(p);
		if (!name) continue;
		const values = p.value.elements.map((e) => (e ? valueOf(e, scope(e)) : undefined));
		if (values.length > 0 && values.every((v) => v !== undefined))
			conditions.set(name, values as Value[]);
	}
	return conditions;
}

const rule: Rule.RuleModule = {
	meta: {
		type: 'problem',
		messages: { multipleCredentials: 'A node can use only one credential at a time.' },
		schema: [],
	},
	create(context) {
		if (!context.filename.endsWith('.node.ts')) return {};
		const scope = (n: TSESTree.Node) =>
			context.sourceCode.getScope(n as never) as unknown as TSESLint.Scope.Scope;
		return {
			ClassDeclaration(estree: unknown) {
				const description = descriptionOf(estree as TSESTree.ClassDeclaration);
				const credentials = description && property(description, 'credentials')?.value;
				if (credentials?.type !== AST_NODE_TYPES.ArrayExpression) return;
				if (credentials.elements.length < 2) return;
				const properties = description && property(description, 'properties')?.value;
				const multiOptions = new Set<string>();
				if (properties?.type === AST_NODE_TYPES.ArrayExpression)
					for (const e of properties.elements) {
						const p = objectOf(e);
						const name = p && property(p, 'name')?.value;
						const type = p && property(p, 'type')?.value;
						if (
							name?.type === AST_NODE_TYPES.Literal &&
							typeof name.value === 'string' &&
							type?.type === AST_NODE_TYPES.Literal &&
							type.value === 'multiOptions'
						)
							multiOptions.add(name.value);
					}
				const exclusive = (a: TSESTree.Node | null, b: TSESTree.Node | null) => {
					const right = showOf(b, scope);
					for (const [name, left] of showOf(a, scope)) {
						if (multiOptions.has(name)) continue;
						const other = right.get(name);
						if (other && left.every((l) => other.every((r) => differ(l, r)))) return true;
					}
					return false;
				};
				const entries = credentials.elements;
				for (let i = 0; i < entries.length - 1; i++)
					for (let j = i + 1; j < entries.length; j++)
						if (!exclusive(entries[i], entries[j])) {
							context.report({ node: credentials as never, messageId: 'multipleCredentials' });
							return;
						}
			},
		};
	},
};

/** The rule's findings on a node file's source (line numbers; none when it passes). */
export function singleCredentialPerNode(source: string, filename: string): number[] {
	const linter = new Linter({ configType: 'flat' });
	const messages = linter.verify(
		source,
		[
			{
				files: ['**/*.ts'],
				languageOptions: { parser: tsParser },
				plugins: { model: { rules: { 'single-credential-per-node': rule } } },
				rules: { 'model/single-credential-per-node': 'error' },
			},
		],
		{ filename },
	);
	const other = messages.filter((m) => m.ruleId !== 'model/single-credential-per-node');
	if (other.length > 0) throw new Error(`cannot lint ${filename}: ${other[0].message}`);
	return messages.map((m) => m.line);
}
