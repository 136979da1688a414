/**
 * Finds what an entry exports and where each export is declared, by reading only the files its
 * `export` statements (and the imports they re-export) lead to: each file is parsed once, with no
 * program and no type check, so the helpers reference adds little to the portal's build. Modules
 * outside `src/` (a package, `generated/`) are not followed: their exports are not hand-written.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

/** Reads the exports of `src/` modules. */
export interface ExportResolver {
  /** The names a module exports, in the order its statements give them. */
  exportNames(file: string): string[];
  /** The declaration `name` has in `file`: its own, or the one it imports or re-exports. */
  declarationOf(file: string, name: string): ts.Declaration | undefined;
}

/**
 * A resolver with its own cache of parsed files.
 *
 * @example exportResolver().declarationOf("/repo/src/evm.ts", "erc20")
 */
export function exportResolver(): ExportResolver {
  const sources = new Map<string, ts.SourceFile>();
  const names = new Map<string, string[]>();

  const source = (file: string): ts.SourceFile => {
    let parsed = sources.get(file);
    if (!parsed) {
      parsed = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
      sources.set(file, parsed);
    }
    return parsed;
  };

  /** The `src/` file a relative specifier names (`./a.js` → `a.ts`); none for packages and generated code. */
  const target = (from: string, specifier: ts.Expression | undefined): string | undefined => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) return undefined;
    const path = resolve(dirname(from), specifier.text.replace(/\.js$/, ".ts"));
    return /[\\/]generated[\\/]/.test(path) || !existsSync(path) ? undefined : path;
  };

  const exportNames = (file: string): string[] => {
    const known = names.get(file);
    if (known) return known;
    const found: string[] = [];
    names.set(file, found);
    for (const statement of source(file).statements) {
      if (ts.isExportDeclaration(statement)) {
        if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
          found.push(...statement.exportClause.elements.map((element) => element.name.text));
        } else if (!statement.exportClause) {
          const from = target(file, statement.moduleSpecifier);
          if (from) found.push(...exportNames(from));
        }
      } else if (isExported(statement)) {
        found.push(...declaredNames(statement));
      }
    }
    return found;
  };

  const declarationOf = (file: string, name: string): ts.Declaration | undefined => {
    const statements = source(file).statements;
    const local = localDeclaration(statements, name);
    if (local) return boundTarget(file, local);
    for (const statement of statements) {
      if (ts.isImportDeclaration(statement)) {
        const bindings = statement.importClause?.namedBindings;
        const element =
          bindings && ts.isNamedImports(bindings)
            ? bindings.elements.find((item) => item.name.text === name)
            : undefined;
        if (element) {
          const from = target(file, statement.moduleSpecifier);
          return from ? declarationOf(from, (element.propertyName ?? element.name).text) : undefined;
        }
      }
      if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        const element = statement.exportClause.elements.find((item) => item.name.text === name);
        if (!element) continue;
        const original = (element.propertyName ?? element.name).text;
        if (!statement.moduleSpecifier) return original === name ? undefined : declarationOf(file, original);
        const from = target(file, statement.moduleSpecifier);
        return from ? declarationOf(from, original) : undefined;
      }
    }
    for (const statement of statements) {
      if (!ts.isExportDeclaration(statement) || statement.exportClause) continue;
      const from = target(file, statement.moduleSpecifier);
      if (from && exportNames(from).includes(name)) return declarationOf(from, name);
    }
    return undefined;
  };

  /**
   * A `public/` binding (`export const erc20 = erc20Of`, see ARCHITECTURE.md) stands for what it
   * binds: the reference documents the function, not the one-line constant.
   */
  const boundTarget = (file: string, declaration: ts.Declaration): ts.Declaration => {
    if (
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      ts.isIdentifier(declaration.initializer) &&
      /[\\/]public[\\/]/.test(file)
    ) {
      return declarationOf(file, declaration.initializer.text) ?? declaration;
    }
    return declaration;
  };

  return { exportNames, declarationOf };
}

function isExported(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((item) =>
      ts.isIdentifier(item.name) ? [item.name.text] : [],
    );
  }
  const name = (statement as ts.DeclarationStatement).name;
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

function localDeclaration(statements: readonly ts.Statement[], name: string): ts.Declaration | undefined {
  for (const statement of statements) {
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name?.text === name
    ) {
      return statement;
    }
    if (ts.isVariableStatement(statement)) {
      const found = statement.declarationList.declarations.find(
        (item) => ts.isIdentifier(item.name) && item.name.text === name,
      );
      if (found) return found;
    }
  }
  return undefined;
}
