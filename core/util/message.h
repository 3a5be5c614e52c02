// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace shardscope {

/// An English sentence template of the translation catalog: `text` with placeholders %1 ... %99, read by a front
/// end as QCoreApplication::translate(context, text).
struct MessageTemplate
{
    const char* context = nullptr;
    const char* text = nullptr;
};

} // namespace shardscope

/// Marks a template for the catalog. lupdate reads it as QT_TRANSLATE_NOOP (ui/CMakeLists.txt passes
/// -tr-function-alias); core has no Qt, so the macro only pairs the context with the text.
#define SHARDSCOPE_TR_NOOP(context, text) (::shardscope::MessageTemplate { context, text })

namespace shardscope {

/**
 * A sentence a person reads, kept as its template and arguments so that each front end can show it in the user's
 * language: proposals and diagnoses are made in core, which has no Qt. An argument is a literal (a number, a
 * layout, a name: never translated) or a message of its own ("does not fit: %1"). text() is the English
 * sentence (plan JSON, logs, tests); format() the same with each template replaced by its translation.
 */
class Message
{
public:
    Message() = default;
    /// A literal: shown as it is in every language.
    Message(std::string literal) // NOLINT(google-explicit-constructor): literals read as strings
        : m_literal(std::move(literal))
    {
    }
    Message(const char* literal) // NOLINT(google-explicit-constructor)
        : m_literal(literal ? literal : "")
    {
    }
    /// A template with its arguments: %1 is args[0].
    Message(MessageTemplate templ, std::initializer_list<Message> args = {})
        : m_template(templ)
        , m_args(args)
    {
    }
    Message(MessageTemplate templ, std::vector<Message> args)
        : m_template(templ)
        , m_args(std::move(args))
    {
    }

    /// `parts` separated by `separator` (a literal: "; ", ", "), leaving out empty ones.
    static Message join(std::vector<Message> parts, std::string separator);

    bool empty() const { return !m_template.text && m_literal.empty() && m_args.empty(); }
    bool isLiteral() const { return !m_template.text && m_args.empty(); }
    const MessageTemplate& messageTemplate() const { return m_template; }
    const std::vector<Message>& arguments() const { return m_args; }

    /// The English text.
    std::string text() const;
    /// The text with each template replaced by `translate(template)` (UTF-8, the same placeholders).
    std::string format(const std::function<std::string(const MessageTemplate&)>& translate) const;

    /// Appends `other` after `separator` (nothing when `other` is empty; `other` alone when this is).
    void append(Message other, std::string separator = " ");

    friend bool operator==(const Message& a, const Message& b) { return a.text() == b.text(); }

private:
    MessageTemplate m_template; ///< text null: a literal, or a join of m_args by m_literal
    std::string m_literal; ///< the literal, or the separator of a join
    std::vector<Message> m_args;
    bool m_join = false;
};

/// "%1%2" of two templates' English texts: substitutes %1 ... %99 in `templ` by `args` (a % not followed by the
/// number of an argument stays as it is).
std::string substituteArguments(const std::string& templ, const std::vector<std::string>& args);

} // namespace shardscope
