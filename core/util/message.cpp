// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/message.h"

namespace shardscope {

Message Message::join(std::vector<Message> parts, std::string separator)
{
    Message m;
    m.m_join = true;
    m.m_literal = std::move(separator);
    for (Message& part : parts)
        if (!part.empty()) m.m_args.push_back(std::move(part));
    if (m.m_args.size() == 1) return std::move(m.m_args.front());
    if (m.m_args.empty()) return {};
    return m;
}

void Message::append(Message other, std::string separator)
{
    if (other.empty()) return;
    if (empty()) {
        *this = std::move(other);
        return;
    }
    if (m_join && m_literal == separator) {
        m_args.push_back(std::move(other));
        return;
    }
    *this = join({ std::move(*this), std::move(other) }, std::move(separator));
}

std::string Message::text() const
{
    return format([](const MessageTemplate& t) { return std::string(t.text); });
}

std::string Message::format(const std::function<std::string(const MessageTemplate&)>& translate) const
{
    if (m_join) {
        std::string out;
        for (std::size_t i = 0; i < m_args.size(); ++i) {
            if (i) out += m_literal;
            out += m_args[i].format(translate);
        }
        return out;
    }
    if (!m_template.text) return m_literal;
    std::vector<std::string> args;
    args.reserve(m_args.size());
    for (const Message& a : m_args)
        args.push_back(a.format(translate));
    return substituteArguments(translate(m_template), args);
}

std::string substituteArguments(const std::string& templ, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(templ.size() + 16 * args.size());
    for (std::size_t i = 0; i < templ.size(); ++i) {
        const auto digit = [&](std::size_t j) { return j < templ.size() && templ[j] >= '0' && templ[j] <= '9'; };
        if (templ[i] != '%' || !digit(i + 1)) {
            out += templ[i];
            continue;
        }
        // %10 ... %99 where there are that many arguments, else one digit (as QString::arg).
        std::size_t number = std::size_t(templ[i + 1] - '0'), length = 1;
        if (digit(i + 2)) {
            const std::size_t two = number * 10 + std::size_t(templ[i + 2] - '0');
            if (two >= 1 && two <= args.size()) {
                number = two;
                length = 2;
            }
        }
        if (number >= 1 && number <= args.size()) {
            out += args[number - 1];
            i += length;
        } else {
            out += templ[i];
        }
    }
    return out;
}

} // namespace shardscope
